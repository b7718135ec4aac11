// bench/results/<date>.json (everything) and bench/results/latest.md (the tables for the README).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './processes.mjs';

const groupTitle = {
  pglite: 'PGlite (embedded)',
  postgres: 'PostgreSQL',
  'postgres-2': 'PostgreSQL, 2 processes',
};

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    line(header.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...rows.map(line),
  ].join('\n');
}

/** Issue 9's targets, each checked against this run. */
function targetsOf(report) {
  const lines = [];
  const mark = (ok) => (ok ? 'met' : '**missed**');
  for (const group of report.groups) {
    const rows = report.results.filter((r) => r.group === group.group);
    const ceiling = group.ceiling.requestsPerSecond;
    for (const r of rows.filter((row) => row.target === 'catalog')) {
      const ratio = r.requestsPerSecond / ceiling;
      // With the cores to themselves, server and autocannon share them: the ceiling's CPU a
      // request (its server's and autocannon's) over the row's is the ratio a quiet machine
      // would show, and other work on the machine disturbs it much less than req/s.
      const c = group.ceiling;
      const cpuRatio =
        c.cpuMsPerRequest && r.cpuMsPerRequest && r.loadCpuMsPerRequest
          ? `; by CPU a request ${((c.cpuMsPerRequest + c.loadCpuMsPerRequest) / (r.cpuMsPerRequest + r.loadCpuMsPerRequest)).toFixed(2)}`
          : '';
      lines.push(
        `- ${group.group}, ${r.title}: ${ratio.toFixed(2)} × ceiling (≥ 0.5)${cpuRatio}, p99 ${r.latencyP99ms} ms (< 10): ${mark(ratio >= 0.5 && r.latencyP99ms < 10)}`,
      );
    }
    const order = rows.find((row) => row.target === 'orders');
    if (order)
      lines.push(
        `- ${group.group}, orders: ${order.requestsPerSecond}/s (≥ 1,000 on PostgreSQL), p99 ${order.latencyP99ms} ms (< 50), oversold ${order.oversoldUnits}: ${group.group === 'pglite' ? 'reported' : mark(order.requestsPerSecond >= 1000 && order.latencyP99ms < 50 && order.oversoldUnits === 0)}`,
      );
    const peak = Math.max(...rows.map((row) => row.peakRssMb));
    const limit = group.group === 'pglite' ? 300 : 200;
    lines.push(
      `- ${group.group}, peak RSS under load ${peak} MB (< ${limit} per process): ${mark(peak < limit)}`,
    );
  }
  const fe = report.frontEnd;
  if (fe) {
    for (const l of fe.lighthouse) {
      const s = l.scores;
      const ok =
        s.performance >= 98 &&
        s.accessibility === 100 &&
        s.bestPractices === 100 &&
        s.seo === 100 &&
        l.lcpMs <= 1500 &&
        l.tbtMs <= 100 &&
        l.cls <= 0.02;
      lines.push(
        `- Lighthouse ${l.path}${l.runs ? ` (median of ${l.runs.join(', ')})` : ''}: ${s.performance}/${s.accessibility}/${s.bestPractices}/${s.seo}, LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls} (≥ 98/100/100/100, LCP ≤ 1,500, TBT ≤ 100, CLS ≤ 0.02): ${mark(ok)}`,
      );
    }
    const js = fe.homeJavaScript;
    lines.push(
      `- Home page JS: ${js.beforeFirstPaintKb} KB before the first paint (≤ 120): ${mark(js.beforeFirstPaintKb <= 120)}; ${js.totalKb} KB in all (≤ 160): ${mark(js.totalKb <= 160)}`,
    );
  }
  const product = fe?.productJavaScript;
  if (product)
    lines.push(
      `- Product page JS: ${product.beforeFirstPaintKb} KB in the entry and its preloads (deferred module scripts: the server's HTML paints without them; ≤ 60), ${product.totalKb} KB in all (≤ 160): ${mark(product.totalKb <= 160)}`,
    );
  return lines.length ? ['## Targets (issues 9, 17 and 21)', '', ...lines, ''] : [];
}

export function markdownOf(report) {
  const m = report.machine;
  const out = [
    `# Benchmarks ${report.date.slice(0, 16).replace('T', ' ')} UTC${report.quick ? ' (quick)' : ''}`,
    '',
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}; load average ${m.loadAverageAtStart.join(' ')} at the start, ${m.loadAverageAtEnd?.join(' ')} at the end (other work shares this machine). autocannon in the bench process, ${report.settings.connections} connections, ${report.settings.seconds} s per endpoint. Server: \`node ${(report.settings.serverFlags ?? []).join(' ')}\` (as \`npm start\` runs it; PostgreSQL without \`--liftoff-only\`). CPU ms/req: the server processes' CPU time (user + system) per answered request; heap: V8's heap used; both from the server's own \`process.memoryUsage()\`, sampled every 0.5 s. Data: ${Object.entries(
      report.settings.sizes,
    )
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
      .join(', ')}.`,
    '',
  ];
  for (const group of report.groups) {
    const rows = report.results.filter((r) => r.group === group.group);
    const ceiling = group.ceiling.requestsPerSecond;
    out.push(
      `## ${groupTitle[group.group] ?? group.group}`,
      '',
      `Ceiling (bare Fastify, constant JSON, same settings): **${ceiling.toLocaleString('en-US')} req/s**, p99 ${group.ceiling.latencyP99ms} ms${group.ceiling.cpuMsPerRequest ? `, ${group.ceiling.cpuMsPerRequest.toFixed(3)} ms of its CPU a request (autocannon ${group.ceiling.loadCpuMsPerRequest?.toFixed(3)})` : ''}. Idle RSS ${group.rssIdleMb} MB${group.idle ? ` (heap ${Math.round(group.idle.heapUsedMb)} MB used of ${Math.round(group.idle.heapTotalMb)}, ArrayBuffers ${Math.round(group.idle.arrayBuffersMb)} MB, external ${Math.round(group.idle.externalMb)} MB)` : ''}${group.rssFirstStartMb ? `; first start, initdb in a child: ${group.rssFirstStartMb} MB` : ''}.`,
      '',
      table(
        [
          'endpoint',
          'req/s',
          '× ceiling',
          'p50 ms',
          'p99 ms',
          'failed',
          'CPU ms/req',
          'peak RSS MB',
          'peak heap MB',
          'peak ArrayBuffers MB',
        ],
        rows.map((r) => [
          r.title + (r.oversoldUnits !== undefined ? ` — oversold units: ${r.oversoldUnits}` : ''),
          r.requestsPerSecond.toLocaleString('en-US'),
          (r.requestsPerSecond / ceiling).toFixed(2),
          r.latencyP50ms,
          r.latencyP99ms,
          r.non2xx + r.errors,
          r.cpuMsPerRequest?.toFixed(2) ?? '—',
          r.peakRssMb,
          r.peakHeapUsedMb ?? '—',
          r.peakArrayBuffersMb ?? '—',
        ]),
      ),
      '',
    );
  }
  if (report.logging) {
    const ceiling = report.logging.ceiling.requestsPerSecond;
    out.push(
      '## Logging: the default `LOG_LEVEL=info` (an access line a request, down a pipe) beside `warn`',
      '',
      `Ceiling in the same run: **${ceiling.toLocaleString('en-US')} req/s**. A shop at each level, started together on the same database and loaded in turn (never both at once), in rounds whose order alternates, new processes each round; each figure is the median round, and the loss the median of the rounds' losses (each round's two slices seconds apart). Target (issue 32): at most 15% lost.`,
      '',
      table(
        [
          'database',
          'call',
          'info req/s',
          'warn req/s',
          '× ceiling (info)',
          'lost to logging (rounds)',
          'CPU ms/req info',
          'CPU ms/req warn',
        ],
        report.logging.rows.map((r) => [
          r.database,
          r.title,
          r.info.requestsPerSecond.toLocaleString('en-US'),
          r.warn.requestsPerSecond.toLocaleString('en-US'),
          (r.info.requestsPerSecond / ceiling).toFixed(2),
          `${r.lossPercent}%${r.roundLossPercents ? ` (${r.roundLossPercents.map((l) => `${l}%`).join(', ')})` : ''}`,
          r.info.cpuMsPerRequest.toFixed(3),
          r.warn.cpuMsPerRequest.toFixed(3),
        ]),
      ),
      '',
    );
  }
  if (report.scaling.length) {
    out.push(
      '## Scaling (PostgreSQL): 10,000 vs 100,000 products and orders',
      '',
      table(
        ['endpoint', 'size', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
        report.scaling.map((r) => [
          r.key === 'tools' ? 'GET /tools?limit=6' : 'GET /purchase/{email} (100 orders)',
          r.size.toLocaleString('en-US'),
          r.requestsPerSecond.toLocaleString('en-US'),
          r.latencyP50ms,
          r.latencyP99ms,
          r.non2xx + r.errors,
        ]),
      ),
      '',
    );
  }
  if (report.frontEnd) {
    const js = report.frontEnd.homeJavaScript;
    out.push(
      '## Front end (Lighthouse 12.8, mobile, PGlite shop with the demo catalog)',
      '',
      table(
        [
          'page',
          'performance',
          'accessibility',
          'best practices',
          'SEO',
          'LCP ms',
          'CLS',
          'TBT ms',
        ],
        report.frontEnd.lighthouse.map((l) => [
          l.path,
          l.scores.performance,
          l.scores.accessibility,
          l.scores.bestPractices,
          l.scores.seo,
          l.lcpMs,
          l.cls,
          l.tbtMs,
        ]),
      ),
      '',
      `Home page JavaScript (gzip -9): **${js.beforeFirstPaintKb} KB before the first paint** (entry + preloads), ${js.totalKb} KB in all (${js.files} files).${report.frontEnd.productJavaScript ? ` Product page: ${report.frontEnd.productJavaScript.beforeFirstPaintKb} KB entry + preloads, ${report.frontEnd.productJavaScript.totalKb} KB in all.` : ''}`,
      '',
    );
  }
  out.push(...targetsOf(report), `Whole run: ${report.durationSeconds} s.`, '');
  return out.join('\n');
}

/**
 * The ceiling of a run (`measureCeiling`) as a report's line, for the figures beside it: the
 * catalog and checkout benches.
 */
export const ceilingLine = (ceiling, connections) =>
  `Ceiling in the same run (a bare Fastify answering constant JSON, ${connections} connections): **${Math.round(ceiling.requestsPerSecond).toLocaleString('en-US')} req/s**, ${ceiling.cpuMsPerRequest.toFixed(3)} ms of its server's CPU a request.`;

/** Milliseconds to one decimal. */
export const round = (ms) => Math.round(ms * 10) / 10;

/** The exact q-quantile of an ascending list of latencies (0 when it is empty), rounded. */
export const quantile = (sorted, q) =>
  sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]) : 0;

/** A bench's JSON result, formatted as the repository's formatter wants it (`npm run lint` stays clean). */
export function writeResultJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  spawnSync(join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', file], {
    stdio: 'ignore',
  });
}

export function writeReport(report) {
  const dir = join(root, 'bench', 'results');
  const json = join(dir, `${report.date.replace(/[:.]/g, '-')}.json`);
  writeResultJson(json, report);
  const markdown = join(dir, 'latest.md');
  const text = markdownOf(report);
  // The catalog benchmark's section (`npm run bench -- catalog`, a run of its own) stays.
  const catalog = existsSync(markdown)
    ? readFileSync(markdown, 'utf8').match(/<!-- catalog:start -->[\s\S]*<!-- catalog:end -->/)?.[0]
    : undefined;
  writeFileSync(markdown, catalog ? `${text.trimEnd()}\n\n${catalog}\n` : text);
  // A full run (not --quick, not BENCH_ONLY) also becomes the README's table (the catalog's has
  // its own block there, bench-catalog).
  if (!report.quick && !report.partial) {
    const readme = join(root, 'README.md');
    const body = text.replace(/^# .*\n/, '').replace(/^## /gm, '### ');
    const current = readFileSync(readme, 'utf8');
    const updated = current.replace(
      /<!-- bench:start -->[\s\S]*<!-- bench:end -->/,
      `<!-- bench:start -->\n${body.trim()}\n<!-- bench:end -->`,
    );
    writeFileSync(readme, updated);
  }
  return { json, markdown };
}
