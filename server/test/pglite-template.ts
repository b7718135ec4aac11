import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { pgliteOptions } from '../src/db/pglite-settings.ts';
import { templateStamp } from '../src/db/pglite-template.ts';

const migrations = join(import.meta.dirname, '..', 'drizzle');

/**
 * The template's file: one per PGlite and set of migrations (the build's `templateStamp`), so a
 * new migration or PGlite makes a new template. Its empty cluster (for the migration tests) is
 * `…-empty.tar` beside it.
 */
function templatePath(): string {
  // How the template is made is part of its name: a file made before a change is not reused.
  const hash = createHash('sha256')
    .update(templateStamp(migrations))
    .update(withoutTemplateDatabases.toString())
    .update(createPgliteTemplate.toString());
  return join(tmpdir(), `proper-parts-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
}
const emptyClusterPath = (path: string) => path.replace(/\.tar$/, '-empty.tar');

/** Writes a dump whole or not at all (the PostgreSQL and PGlite passes may make it at once). */
async function writeDump(client: PGlite, path: string) {
  const dump = await client.dumpDataDir('none');
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
}

/**
 * Part of the global set-up: runs initdb once and dumps the empty cluster, then migrates it and
 * dumps it again, so that each test file loads a ready database (~0.3 s) instead of running
 * initdb (~1 s) and the migrations (~0.4 s), and each migration test an initdb'd one.
 */
export async function createPgliteTemplate() {
  const path = templatePath();
  process.env.PP_TEST_PGLITE_TEMPLATE = path;
  if (existsSync(path) && existsSync(emptyClusterPath(path))) return;
  const client = await PGlite.create(pgliteOptions);
  await withoutTemplateDatabases(client);
  await writeDump(client, emptyClusterPath(path));
  await migrate(drizzle(client), { migrationsFolder: migrations });
  await client.query('checkpoint');
  await writeDump(client, path);
  await client.close();
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

/** The templates read once per worker: the files of a worker share its modules (`isolate: false`). */
const loaded = new Map<string, Blob>();

/** A template file as a Blob (immutable: each PGlite unpacks its own copy), read once per worker. */
function loadOnce(path: string): Blob | undefined {
  let blob = loaded.get(path);
  if (!blob) {
    try {
      blob = new Blob([readFileSync(path)]);
    } catch {
      return undefined;
    }
    loaded.set(path, blob);
  }
  return blob;
}

/**
 * The run's migrated template (reading the 29 MB file took 0.4-0.5 s of each file's set-up);
 * undefined outside a run's global set-up.
 */
export function loadPgliteTemplate(): Blob | undefined {
  const path = process.env.PP_TEST_PGLITE_TEMPLATE;
  return path ? loadOnce(path) : undefined;
}

/**
 * The run's empty cluster: initdb'd, less template0 and template1 (no migration needs them), and
 * not migrated: what a migration test migrates.
 */
export function loadEmptyCluster(): Blob | undefined {
  const path = process.env.PP_TEST_PGLITE_TEMPLATE;
  return path ? loadOnce(emptyClusterPath(path)) : undefined;
}
