import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { paths } from '../config/paths';
import { HomeFirstPaint } from './home-first-paint';

/** The home page's first paint as HTML, for `<div id="root">` (server/src/plugins/spa.ts). */
export function renderHomeFirstPaint(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location={paths.home}>
        <HomeFirstPaint />
      </StaticRouter>
    </QueryClientProvider>,
  );
}
