// After `vite build`: the shell the server renders public pages into (issue 17),
// dist/.server/shell.html. It is index.html with the entry script loaded only once the server's
// HTML has been painted: a small boot script (dist/assets/boot-*.js) imports the entry after the
// first screen is painted, and the modulepreloads go. The page is already whole without its JavaScript, so
// the scripts need not compete with its stylesheet and largest image for the first paint (they
// did: 115 KB gzipped at simulated slow 4G, Lighthouse's LCP 1.9 s). Pages drawn in the browser
// (sign-in, dashboard) keep index.html as it is.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '..', 'dist');
const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
if (!entry?.[1] || !indexHtml.includes('<div id="root"></div>'))
  throw new Error('server shell: index.html has no entry script or no empty #root');

// When: once the first screen's image is on screen (Element Timing: the image marked
// `elementtiming`, the page's largest), else once the first text is (Paint Timing), else after
// the first frame. A request begun before that paint was counted in the paint's time by
// Lighthouse (a product page's FCP 1.4 s against 0.9 s, LCP 1.9 s: the scripts won the race).
// Until the page has hydrated (RootLayout marks <html data-hydrated>), a click on a link is left to
// the browser, a page load: React, given it while hydrating, lost it (an e2e journey's link click
// left the page where it was).
const code = `addEventListener(
  'click',
  (event) => {
    if (!document.documentElement.hasAttribute('data-hydrated') && event.target.closest?.('a[href]'))
      event.stopImmediatePropagation();
  },
  true,
);
let started = false;
const start = () => {
  if (started) return;
  started = true;
  setTimeout(() => import(${JSON.stringify(entry[1])}));
};
const whenPainted = (type, name) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return false;
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().some((e) => !name || e.name === name)) {
      observer.disconnect();
      start();
    }
  }).observe({ type, buffered: true });
  return true;
};
const image = document.querySelector('img[elementtiming]');
if (image) {
  image.addEventListener('error', start);
  addEventListener('load', () => setTimeout(start, 1000));
}
if (!(image ? whenPainted('element') : whenPainted('paint', 'first-contentful-paint')))
  requestAnimationFrame(() => setTimeout(start));
`;
const boot = `boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
writeFileSync(join(dist, 'assets', boot), code);

const shell = indexHtml
  .replace(
    entry[0],
    () => `<script type="module" fetchpriority="low" crossorigin src="/assets/${boot}"></script>`,
  )
  .replaceAll(/\s*<link rel="modulepreload"[^>]*>/g, '');
mkdirSync(join(dist, '.server'), { recursive: true });
writeFileSync(join(dist, '.server', 'shell.html'), shell);
