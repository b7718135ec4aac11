// `npm start`: builds the web app and the server (at once) when their output is missing or older
// than their sources (scripts/build.mjs), then runs the server (web + API on one port) in a child process started with
// the Node settings of server-flags.mjs, and exits with its exit code.
// npm runs a script through `sh -c`, and on SIGTERM it signals that shell, which dies without
// passing the signal on: package.json's `exec node scripts/start.mjs` puts this process in the
// shell's place, so a process manager's SIGTERM to `npm start` reaches it (e2e/tests/npm-start.spec.ts).
import './load-env.mjs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, staleBuilds } from './build.mjs';
import { serverNodeFlags } from './server-flags.mjs';

const root = new URL('..', import.meta.url).pathname;

await build(staleBuilds());

const server = spawn(
  process.execPath,
  [...serverNodeFlags(), join(root, 'server', 'dist', 'server.js')],
  { stdio: 'inherit' },
);
// Ctrl-C reaches both processes from the terminal; a signal sent to this one alone is passed on
// (the server drains once, whichever arrives first).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
