import './lib/zod-jitless';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createReadyRouter } from './app/router';
import { fetchSession } from './features/auth/session-store';
import { createQueryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Every page's navbar asks for the session: ask now, beside the page's own module, rather than
// after the first render (a signed-in page waits on the answer). The identity client itself
// loads only with the pages that sign in, up or out (features/auth/session-store.ts).
fetchSession();
const queryClient = createQueryClient();

// A page the server rendered (web/src/entry-server.tsx) brings the query cache it was rendered
// from: React then hydrates that markup from the same data, fetching nothing again.
const serverState = document.getElementById('query-state')?.textContent;
if (serverState) hydrate(queryClient, JSON.parse(serverState));

// React DOM's renderer comes in a chunk of its own, asked for now beside the first page's route
// module: the browser runs (evaluates) each chunk in a task of its own, where one entry of
// everything was one long task that blocked the page (issue 17's TBT: 234 ms of module evaluation
// at Lighthouse's 4× slowdown on the home page, React DOM the larger part).
const dom = import('react-dom/client');

// The router is made in a task of its own, after this module's: making it loads the first page's
// route module (the preload links of its chunks), and the two in one task were the page's longest
// after the first paint (issue 17's TBT; A/B, Lighthouse on `/`, 6 runs each alternated: TBT
// median 172 → 113 ms). React renders once that route module is here (the home page's first paint
// is then replaced by the same markup, not by a spinner), and in a transition: in slices that
// yield to the browser, then one commit. (Not a top-level await: the bundler then splits the
// entry into many small chunks.)
setTimeout(() => {
  void Promise.all([dom, createReadyRouter({ hydrating: Boolean(serverState) })]).then(
    ([{ createRoot, hydrateRoot }, router]) => {
      const app = (
        <StrictMode>
          <AppProviders client={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>
      );
      startTransition(() => {
        if (serverState) hydrateRoot(container, app);
        else createRoot(container).render(app);
      });
    },
  );
});
