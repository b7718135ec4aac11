// After `vite build`: renders the home page's first paint (web/src/first-paint) with React's server
// renderer and writes the home page's HTML, dist/.first-paint/home.html: index.html with that
// markup inside <div id="root"> (the navbar and the banner's first slide paint with the HTML and
// its stylesheet, before any JavaScript runs), and its scripts fetched at low priority, behind the
// banner's image: the first screen does not wait for them. The server sends it for `/`
// (server/src/plugins/spa.ts); a dot directory, so it is not served as a file.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = join(import.meta.dirname, '..');
const dist = join(web, 'dist');
// Inside web/ so that the bundle's bare imports (react, react-router) resolve from node_modules.
const out = join(web, 'node_modules', '.first-paint');

await build({
  root: web,
  configFile: join(web, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/first-paint/render-home.tsx',
    outDir: out,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'render-home.mjs' } },
  },
});

let markup;
try {
  const { renderHomeFirstPaint } = await import(pathToFileURL(join(out, 'render-home.mjs')).href);
  markup = renderHomeFirstPaint();
} finally {
  rmSync(out, { recursive: true, force: true });
}

/** index.html for `/`: see the top of this file. */
function homeHtml(indexHtml, firstPaint) {
  // React puts the image preloads it found (the banner's, with fetchpriority) before the markup.
  const preloads = firstPaint.match(/^(<link [^>]*>)*/)?.[0] ?? '';
  const body = firstPaint.slice(preloads.length);
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('first paint: index.html has no empty #root');
  return indexHtml
    .replaceAll(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ')
    .replace('</head>', () => `${preloads}</head>`)
    .replace(root, () => `<div id="root">${body}</div>`);
}

const dir = join(dist, '.first-paint');
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, 'home.html'),
  homeHtml(readFileSync(join(dist, 'index.html'), 'utf8'), markup),
);
