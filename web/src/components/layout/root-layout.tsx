import { Suspense } from 'react';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '../spinner';
import { Footer } from './footer';

/**
 * Every fresh page load has the key "default"; keying those by path stops a reload on one page
 * from restoring the scroll position left on another.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? location.pathname : location.key;

import { Navbar } from './navbar';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-field focus:bg-base-100 focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        {/* A screen tall, so the footer stays below the fold until the page arrives (no layout shift). */}
        <Suspense fallback={<Spinner className="min-h-dvh" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
