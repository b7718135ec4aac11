// `npm run build` and `npm start`: the web app and the server (with the database template a first
// start copies, decision 034) build at the same time, each in a child: on two cores the template's
// initdb runs beside Vite instead of after it. Quiet unless a build fails: then all it said.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shared = ['domain/src', 'package-lock.json'];

/** Each workspace's last output file, and what it is made from. */
const builds = {
  // The web build's last file: the server's renderer and its page shell (decision 018).
  web: {
    output: 'web/dist/.server/shell.html',
    sources: [
      ...shared,
      'web/src',
      'web/public',
      'web/scripts',
      'web/index.html',
      'web/vite.config.ts',
    ],
  },
  // The template is made last (server/build.mjs).
  server: {
    output: 'server/dist/pglite-template.stamp',
    sources: [...shared, 'server/src', 'server/build.mjs', 'server/drizzle'],
  },
};

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

/** The workspaces whose output is missing or older than their sources. */
export function staleBuilds() {
  return Object.entries(builds)
    .filter(([, { output, sources }]) => {
      const path = join(root, output);
      return !existsSync(path) || statSync(path).mtimeMs < newestMtime(sources);
    })
    .map(([name]) => name);
}

function buildOne(name) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', name], { cwd: root });
    let said = '';
    const keep = (chunk) => {
      said += chunk;
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ name, ok: false, said: String(error) }));
    child.on('exit', (code) => resolve({ name, ok: code === 0, said }));
  });
}

/** Builds `names` at once; on a failure prints what that build said and exits 1. */
export async function build(names) {
  if (names.length === 0) return;
  process.stdout.write(`proper-parts: building ${names.join(' and ')}…\n`);
  const results = await Promise.all(names.map(buildOne));
  const failed = results.filter((result) => !result.ok);
  for (const { name, said } of failed) {
    process.stderr.write(`${said}\nproper-parts: the ${name} build failed\n`);
  }
  if (failed.length > 0) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build(Object.keys(builds));
