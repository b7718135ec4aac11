import { Suspense, useEffect } from 'react';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '../spinner';
import { AppFrame } from './app-frame';
import { Footer } from './footer';

/**
 * Every fresh page load has the key "default"; keying those by path stops a reload on one page
 * from restoring the scroll position left on another.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? location.pathname : location.key;

/**
 * Marks the page hydrated once its content has committed (it commits with the page, in the same
 * Suspense boundary): until then the server-rendered page's boot script leaves link clicks to the
 * browser (web/scripts/server-shell.mjs).
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

export function RootLayout() {
  return (
    <AppFrame
      after={
        <>
          <Footer />
          <ScrollRestoration getKey={scrollKey} />
        </>
      }
    >
      {/* A screen tall, so the footer stays below the fold until the page arrives (no layout shift). */}
      <Suspense fallback={<Spinner className="min-h-dvh" />}>
        <Outlet />
        <HydratedMark />
      </Suspense>
    </AppFrame>
  );
}
