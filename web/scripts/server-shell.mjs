// After `vite build`: the shell the server renders public pages into (issue 17),
// dist/.server/shell.html. It is index.html with the entry script loaded only once the server's
// HTML has been painted: a small boot script (dist/assets/boot-*.js) imports the entry after the
// first frame, and the modulepreloads go. The page is already whole without its JavaScript, so
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

const code = `requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(entry[1])})));\n`;
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
