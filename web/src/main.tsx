import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, routerReady } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
// The home page arrives painted (its first paint in the HTML): render once its module is here,
// so React's first commit replaces it with the same markup, not with a spinner.
// (Not a top-level await: that makes the bundler split the entry into many small chunks.)
// A transition: React renders the page in slices that yield to the browser (no long task while the
// first paint is already on screen), then commits it in one go.
void routerReady(router).then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  ),
);
