// `npm run dev`: the API (rebuilt and restarted on change) and Vite's dev server with its proxy.
import './load-env.mjs';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
// The browser talks to Vite (:5173), which proxies /api to the server: links in mails, OAuth
// callbacks and the trusted origin must name Vite's address.
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PUBLIC_URL: process.env.PUBLIC_URL || 'http://localhost:5173',
};
const run = (cmd, args) => spawn(cmd, args, { cwd: root, stdio: 'inherit', env });

const children = [
  run('node', [
    '--watch-path=server/src',
    '--watch-path=domain/src',
    '--import',
    'tsx',
    'server/src/server.ts',
  ]),
  run('npm', ['run', 'dev', '-w', 'web']),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
