import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.ts';

/**
 * Issue 31: /api/docs/json is a document other tools can use. It lints clean under Redocly's
 * recommended rules (server/redocly.yaml), names and secures every operation, and a typed client
 * generated from it compiles a short script.
 */

const require = createRequire(import.meta.url);
const redoclyCli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
const openapiFetchTypes = join(
  dirname(require.resolve('openapi-fetch/package.json')),
  'dist/index.d.mts',
);

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}

const dir = mkdtempSync(join(tmpdir(), 'pp-api-document-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const app = await buildTestApp();
let doc: { paths: Record<string, Record<string, Operation>> };
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      ...operation,
    })),
  );

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}
let lint: Promise<LintReport>;

/** The pinned Redocly CLI, with the shop's config; in a child process, beside the other tests. */
async function redoclyLint(file: string): Promise<LintReport> {
  const args = [redoclyCli, 'lint', file, '--format=json'];
  args.push('--config', join(import.meta.dirname, '../redocly.yaml'));
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' };
  // Exit code 1 on problems: the report on stdout says which.
  const { stdout } = await promisify(execFile)(process.execPath, args, { env }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
  );
  return JSON.parse(stdout);
}

beforeAll(async () => {
  const res = await app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  writeFileSync(join(dir, 'openapi.json'), res.body);
  lint = redoclyLint(join(dir, 'openapi.json'));
});

describe('the API document', () => {
  it('gives every operation a unique operationId and a security declaration', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(90);
    const ids = all.map((o) => o.operationId);
    expect(ids.filter((id) => typeof id !== 'string')).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.filter((o) => !Array.isArray(o.security)).map((o) => o.route)).toEqual([]);
    const byRoute = Object.fromEntries(all.map((o) => [o.route, o]));
    // Derived from the method and URL (stable across runs), unless the route names it.
    expect(byRoute['GET /api/v1/tools/{id}']?.operationId).toBe('getToolsById');
    expect(byRoute['POST /api/v1/create-payment-intent']?.operationId).toBe('createPaymentIntent');
    // From the access each route declares: the catalog is public, the cart takes either credential.
    expect(byRoute['GET /api/v1/tools']?.security).toEqual([]);
    expect(byRoute['GET /api/v1/cart']?.security).toEqual([{ sessionCookie: [] }, { bearer: [] }]);
    expect(byRoute['GET /api/v1/user']?.security).toEqual([{ sessionCookie: [] }, { bearer: [] }]);
    // Issue 34: the ERP's routes take an API key, and say which scope.
    const stock = byRoute['PUT /api/v1/integration/stock'] as Operation & { description?: string };
    expect(stock).toMatchObject({ operationId: 'putIntegrationStock', security: [{ apiKey: [] }] });
    expect(stock.description).toContain('`stock:write`');
    expect(byRoute['POST /api/v1/admin/api-keys']?.security).toEqual([
      { sessionCookie: [] },
      { bearer: [] },
    ]);
  });

  it('generates a typed client (openapi-typescript) that a script compiles against', async () => {
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(doc as never)));
    writeFileSync(
      join(dir, 'journey.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'https://shop.example' });

export async function newestThenBuy(): Promise<number> {
  const { data } = await client.GET('/api/v1/tools', { params: { query: { limit: 6 } } });
  const first = data?.data[0];
  if (!first) return 0;
  const price: number = first.price;
  const cart = await client.PUT('/api/v1/cart/lines/{productId}', {
    params: { path: { productId: first._id } },
    body: { quantity: first.minimumOrderQuantity },
  });
  const categories = await client.GET('/api/v1/catalog/categories');
  const nested: number | undefined = categories.data?.data[0]?.children[0]?.children[0]?.count;
  // @ts-expect-error the quantity is a number
  await client.PUT('/api/v1/cart/lines/{productId}', { params: { path: { productId: first._id } }, body: { quantity: 'two' } });
  // @ts-expect-error no such path
  await client.GET('/api/v1/nowhere');
  return price + (nested ?? 0) + (cart.data?.data.lines.length ?? 0);
}
`,
    );
    const program = ts.createProgram([join(dir, 'journey.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      paths: { 'openapi-fetch': [openapiFetchTypes] },
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });

  // Last: the CLI has been running since beforeAll, beside the typecheck above.
  it('lints with 0 errors and 0 warnings under the recommended rules', async () => {
    const report = await lint;
    const problems = report.problems.map(
      (p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
