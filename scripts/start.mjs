// `npm start`: builds the web app and the server when their output is missing or older than
// their sources, then runs the server (web + API on one port) in a child process started with
// the Node settings of server-flags.mjs, and exits with its exit code.
// npm runs a script through `sh -c`, and on SIGTERM it signals that shell, which dies without
// passing the signal on: package.json's `exec node scripts/start.mjs` puts this process in the
// shell's place, so a process manager's SIGTERM to `npm start` reaches it (e2e/tests/npm-start.spec.ts).
import './load-env.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverNodeFlags } from './server-flags.mjs';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

function buildIfStale(name, output, sources) {
  const outputPath = join(root, output);
  const built = existsSync(outputPath) ? statSync(outputPath).mtimeMs : 0;
  if (built >= newestMtime(sources)) return;
  process.stdout.write(`proper-parts: building ${name}…\n`);
  // Quiet unless it fails: then everything the build said is shown.
  const run = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}\nproper-parts: the ${name} build failed\n`);
    process.exit(1);
  }
}

const shared = ['domain/src', 'package-lock.json'];
// The web build's last file: the server's renderer and its page shell (decision 018).
buildIfStale('web', 'web/dist/.server/shell.html', [
  ...shared,
  'web/src',
  'web/public',
  'web/scripts',
  'web/index.html',
  'web/vite.config.ts',
]);
buildIfStale('server', 'server/dist/server.js', [
  ...shared,
  'server/src',
  'server/build.mjs',
  'server/drizzle',
]);

const server = spawn(
  process.execPath,
  [...serverNodeFlags(), join(root, 'server', 'dist', 'server.js')],
  { stdio: 'inherit' },
);
// Ctrl-C reaches both processes from the terminal; a signal sent to this one alone is passed on
// (the server drains once, whichever arrives first).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
