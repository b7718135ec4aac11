// Bundles the server (and the shared domain code) into dist/; npm packages stay external. Then
// makes dist/pglite-template, the migrated database a first start copies (decision 034).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@proper-parts/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    'make-pglite-template': 'src/db/make-pglite-template.ts',
  },
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

const template = spawnSync(process.execPath, ['dist/make-pglite-template.js'], {
  cwd: import.meta.dirname,
  stdio: 'inherit',
});
if (template.status !== 0) process.exit(template.status ?? 1);
