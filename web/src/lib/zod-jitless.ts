/**
 * zod's `jitless` setting, set before zod loads (it reads its config from this global): no
 * `new Function` probe, which our CSP (`script-src 'self'`, no 'unsafe-eval') reports as a
 * violation and Lighthouse counts against best practices. Imported first by main.tsx, so zod itself
 * stays out of the entry chunk.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
