// The server's renderer (issue 17): built by `vite build --ssr` into dist/.server/entry-server.js
// and loaded by the Fastify server (server/src/plugins/server-render.ts). The same routes and
// components as the browser's entry (main.tsx), rendered by React's streaming renderer through
// React Router's static handler, with the page's data fetched first into the query cache; the
// cache travels with the HTML so the browser hydrates without fetching again.
import './lib/zod-jitless';
import { Writable } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { prefetchPage } from './app/page-data';
import { PageHead, scriptJson } from './app/page-head';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { type ApiTransport, setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

export { isServerRendered } from './app/page-data';

/**
 * React Router keeps a route module's load (`lazy`) with the handler's copy of the routes, a
 * failed one too: a module that failed to load once (a build rewritten under the running server)
 * failed every later page. A failed render makes a new handler, so the next request loads again.
 */
let handler = createStaticHandler(routes);

export interface RenderedPage {
  status: number;
  /** With 301: the page's current path (the rest is empty). */
  location?: string;
  /** Elements for `<head>`: title, description, canonical, social tags, structured data. */
  head: string;
  /** The app's markup, for `<div id="root">`. */
  body: string;
  /** The query cache the page was rendered from, as JSON safe inside a `<script>`. */
  state: string;
}

/** How this renderer reaches the API: the server's own routes, in-process. Once, at start. */
export function connectApi(transport: ApiTransport) {
  setApiTransport(transport);
}

/**
 * The whole page, in order: read only once every boundary is done, and with no size past which
 * React would move a large boundary to the end of the stream (its `progressiveChunkSize`). Node's
 * stream renderer: the Web Streams one (`renderToReadableStream` read through a `Response`) spent
 * a tenth of a cold product page's CPU in the streams' own machinery.
 */
function renderAll(app: ReactNode) {
  return new Promise<string>((resolve, reject) => {
    // An error inside a Suspense boundary (a page module that failed to load) leaves its fallback
    // for the browser to fill: a page to throw away, not to keep and send as finished.
    let failure: unknown;
    let aborted = false;
    const decoder = new TextDecoder();
    let html = '';
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        html += decoder.decode(chunk, { stream: true });
        done();
      },
      final(done) {
        if (failure === undefined) resolve(html + decoder.decode());
        else reject(failure);
        done();
      },
    });
    sink.on('error', reject);
    // Past 5 s the boundaries still waiting are left to the browser (as the signal did before).
    const timer = setTimeout(() => {
      aborted = true;
      stream.abort();
    }, 5_000);
    const stream = renderToPipeableStream(app, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        if (!aborted) failure ??= error;
      },
      onAllReady() {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
    });
  });
}

/**
 * Renders one public page (`url`: path and query) as a signed-out visitor sees it. `origin`:
 * the shop's public URL, for canonical and social URLs. Waits for every Suspense boundary (the
 * page's lazy module), so the HTML is finished: a crawler and a cache get the whole page.
 */
export async function renderPage(url: string, origin: string): Promise<RenderedPage> {
  const request = new Request(new URL(url, origin));
  const client = createQueryClient();
  const facts = await prefetchPage(client, new URL(request.url));
  if (facts.location)
    return { status: 301, location: facts.location, head: '', body: '', state: '' };
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`a route answered a Response for ${url}`);
  // A route's module that did not load: the page would be the error element's, with 200.
  const [routeError] = Object.values(context.errors ?? {});
  if (routeError !== undefined) {
    handler = createStaticHandler(routes);
    throw routeError instanceof Error ? routeError : new Error(`route error rendering ${url}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      <AppProviders client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  return {
    status: facts.status,
    head: renderToStaticMarkup(<PageHead facts={facts} origin={origin} />),
    // Read after every boundary is done, a page module not yet loaded in this process
    // (React.lazy) is inline too, not streamed after its fallback.
    body: await renderAll(app).catch((error: unknown) => {
      handler = createStaticHandler(routes);
      throw error;
    }),
    state: scriptJson(dehydrate(client)),
  };
}
