import type { ReactNode } from 'react';
import { Navbar } from './navbar';

/**
 * The page frame every route shares: skip link, sticky navbar and `<main>`, with what follows
 * main (the footer) as `after`. The root layout renders it, and so does the home page's first
 * paint (web/src/first-paint), so the markup sent in the first HTML is React's own.
 */
export function AppFrame({ children, after }: { children: ReactNode; after?: ReactNode }) {
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
        {children}
      </main>
      {after}
    </div>
  );
}
