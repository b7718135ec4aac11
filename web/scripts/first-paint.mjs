// After `vite build`: renders the home page's first paint (web/src/first-paint) with React's server
// renderer and writes the home page's HTML, dist/.first-paint/home.html: index.html with that
// markup inside <div id="root">, so the navbar and the banner's first slide paint with the HTML
// and its stylesheet. Its JavaScript is not needed for that paint, so it is not asked for until
// that paint is on screen: the page loads a small boot script (dist/assets/home-boot-*.js) that
// imports the entry after the first frame, and no modulepreloads. The server sends it for `/`
// (server/src/plugins/spa.ts); a dot directory, so it is not served as a file.
import { createHash } from 'node:crypto';
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

/** The boot script: the entry, imported once the first frame has been painted. */
function bootScript(entry) {
  const code = `requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(entry)})));\n`;
  const name = `home-boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(dist, 'assets', name), code);
  return `/assets/${name}`;
}

/** index.html for `/`: see the top of this file. */
function homeHtml(indexHtml, firstPaint) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  const root = '<div id="root"></div>';
  if (!entry?.[1] || !indexHtml.includes(root)) {
    throw new Error('first paint: index.html has no entry script or no empty #root');
  }
  // React puts the image preloads it found (the banner's, with fetchpriority) before the markup.
  const preloads = firstPaint.match(/^(<link [^>]*>)*/)?.[0] ?? '';
  const body = firstPaint.slice(preloads.length);
  return indexHtml
    .replace(
      entry[0],
      () =>
        `<script type="module" fetchpriority="low" crossorigin src="${bootScript(entry[1])}"></script>`,
    )
    .replaceAll(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', () => `${preloads}</head>`)
    .replace(root, () => `<div id="root">${body}</div>`);
}

const dir = join(dist, '.first-paint');
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, 'home.html'),
  homeHtml(readFileSync(join(dist, 'index.html'), 'utf8'), markup),
);
