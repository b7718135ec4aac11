// Lighthouse (mobile, its default: simulated slow 4G and a 4x slower CPU) on real pages of the
// built shop, and the JavaScript the home page loads, gzipped.
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** `pages`: [name, path, cookie?]; a cookie makes Lighthouse load the page signed in. */
export async function lighthouseRuns(base, pages) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const runLighthouse = (path, cookie) =>
    lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
  const runs = [];
  try {
    // A first run in a fresh Chromium is not a visitor's page load: the browser's own start-up
    // (its GPU and network processes, font and code caches) lands in it. It scored 0 at times
    // (NO_FCP), or put the home page's TBT at 168 ms where the runs after it gave 39-65 (26 Nov).
    // One load of the first page, not counted, warms the browser; each counted run still starts
    // with Lighthouse's own cleared cache and storage.
    const [warmPage] = pages;
    if (warmPage) await runLighthouse(warmPage[1], warmPage[2]).catch(() => undefined);
    for (const [page, path, cookie] of pages) {
      const { lhr } = await runLighthouse(path, cookie);
      const score = (key) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
      const audit = (key) => lhr.audits[key]?.numericValue;
      const scripts = (lhr.audits['network-requests']?.details?.items ?? [])
        .filter((item) => item.resourceType === 'Script')
        .map((item) => item.url);
      runs.push({
        page,
        path,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
        },
        lcpMs: Math.round(audit('largest-contentful-paint') ?? 0),
        cls: Math.round((audit('cumulative-layout-shift') ?? 0) * 1000) / 1000,
        tbtMs: Math.round(audit('total-blocking-time') ?? 0),
        fcpMs: Math.round(audit('first-contentful-paint') ?? 0),
        lcpElement:
          lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
            ?.snippet,
        scripts,
        // Why a run scored 0 (a page that did not load for Lighthouse: NO_FCP, a hung page…).
        runtimeError: lhr.runtimeError?.code ?? null,
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      });
    }
  } finally {
    await chrome.kill();
  }
  return runs;
}

const gzippedKb = async (url) =>
  gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length / 1024;

/**
 * Before the first paint: the entry script and what index.html preloads (modulepreload). In all:
 * every script Lighthouse saw the home page load.
 */
export async function homePageJavaScript(base, lighthouseScripts = [], path = '/') {
  const html = await (await fetch(`${base}${path}`)).text();
  const initial = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => new URL(m[1], base).toString());
  const all = [...new Set([...initial, ...lighthouseScripts])];
  let initialKb = 0;
  let totalKb = 0;
  for (const url of all) {
    const kb = await gzippedKb(url);
    totalKb += kb;
    if (initial.includes(url)) initialKb += kb;
  }
  return {
    beforeFirstPaintKb: Math.round(initialKb),
    totalKb: Math.round(totalKb),
    files: all.length,
  };
}
