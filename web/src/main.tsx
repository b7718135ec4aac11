import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, routerReady } from './app/router';
import { createQueryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
const queryClient = createQueryClient();

// React renders once the first page's route module is here (the home page's first paint is then
// replaced by the same markup, not by a spinner), and in a transition: in slices that yield to
// the browser, then one commit. (Not a top-level await: the bundler then splits the entry into
// many small chunks.)
void routerReady(router).then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders client={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  ),
);
