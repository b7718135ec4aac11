import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client.ts';

const migrations = join(import.meta.dirname, '..', 'drizzle');

/** The template's file: one per set of migrations, so a new migration makes a new template. */
function templatePath(): string {
  // How the template is made is part of its name: a file made before a change is not reused.
  const hash = createHash('sha256').update(withoutTemplateDatabases.toString());
  for (const file of readdirSync(migrations).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(join(migrations, file)));
  }
  return join(tmpdir(), `proper-parts-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * Part of the global set-up: migrates one in-memory PGlite and dumps it, so that each test file
 * loads a ready database (~0.4 s) instead of running initdb and the migrations (~3 s).
 */
export async function createPgliteTemplate() {
  const path = templatePath();
  process.env.PP_TEST_PGLITE_TEMPLATE = path;
  if (existsSync(path)) return;
  const handle = await openDatabase({});
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  await withoutTemplateDatabases(client);
  const dump = await client.dumpDataDir('none');
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  await handle.close();
}

/**
 * PostgreSQL's own template0 and template1, which only CREATE DATABASE reads (no test does on
 * PGlite), dropped: a third of the dump's files and 15 of its 44 MB, which every file's PGlite
 * unpacked (PGlite.create 0.39 s instead of 0.62 s a file, measured).
 */
async function withoutTemplateDatabases(client: PGlite) {
  await client.query(
    "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
  );
  await client.query('drop database template0');
  await client.query('drop database template1');
  await client.query('checkpoint');
}

/** The template read once per worker: the files of a worker share its modules (`isolate: false`). */
let loaded: { path: string; blob: Blob } | undefined;

/**
 * The run's template as a Blob (immutable: every file's PGlite unpacks its own copy). Read from
 * disk once per worker process: reading the 44 MB file took 0.4-0.5 s of each file's set-up.
 */
export function loadPgliteTemplate(): Blob | undefined {
  const path = process.env.PP_TEST_PGLITE_TEMPLATE;
  if (!path) return undefined;
  if (loaded?.path === path) return loaded.blob;
  try {
    loaded = { path, blob: new Blob([readFileSync(path)]) };
    return loaded.blob;
  } catch {
    return undefined;
  }
}
