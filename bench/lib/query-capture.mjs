// Loaded into the server with `node --import` by the catalog benchmark, in a run of its own (never
// while load is measured): appends every SQL statement the server sends, with its parameters, to
// QUERY_CAPTURE_FILE as JSON lines. Both drivers: node-postgres' Client and PGlite.
import { appendFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const file = process.env.QUERY_CAPTURE_FILE;

function record(text, values) {
  if (file && typeof text === 'string')
    appendFileSync(file, `${JSON.stringify({ text, values: values ?? [] })}\n`);
}

const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (typeof config === 'string') record(config, Array.isArray(values) ? values : undefined);
  else if (config && typeof config.text === 'string')
    record(config.text, Array.isArray(values) ? values : config.values);
  return clientQuery.call(this, config, values, callback);
};

// `query` lives on a base class of PGlite: patch it where it is defined.
let owner = PGlite.prototype;
while (owner && !Object.hasOwn(owner, 'query')) owner = Object.getPrototypeOf(owner);
if (owner) {
  const pgliteQuery = owner.query;
  owner.query = function query(text, params, options) {
    record(text, params);
    return pgliteQuery.call(this, text, params, options);
  };
}
