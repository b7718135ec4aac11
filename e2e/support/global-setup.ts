import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoCatalogReady } from '../../scripts/demo-catalog-ready.mjs';
import { E2E_ADMIN_EMAIL, E2E_LISTED_OWNER_EMAIL } from './accounts.ts';
import { freePort } from './free-port.ts';
import { startOidcIssuer } from './oidc-issuer.ts';

const root = join(import.meta.dirname, '..', '..');

async function waitForHealth(url: string, child: ChildProcess, deadlineMs = 180_000) {
  const start = Date.now();
  while (Date.now() - start < deadlineMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/api/v1/health within ${deadlineMs} ms`);
}

/** The OIDC issuer and the shop, each on a port of its own; throws if the shop exits. */
async function startShop(dataDir: string) {
  const port = await freePort();
  let oidcPort = await freePort();
  while (oidcPort === port) oidcPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const oidc = await startOidcIssuer(oidcPort, `${baseUrl}/api/v1/auth/callback/oidc`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: `${E2E_ADMIN_EMAIL},${E2E_LISTED_OWNER_EMAIL}`,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_PROVIDER_NAME: 'Local OIDC',
    // The journeys sign in many times from one IP; the limits have their own integration tests.
    RATE_LIMIT_AUTH_PER_MINUTE: '100',
    // The webhooks journey posts to a receiver on loopback, over http, and waits for a retry.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_WORKER_INTERVAL_MS: '200',
    WEBHOOK_RETRY_BASE_MS: '1000',
    WEBHOOK_RETRY_MAX_MS: '2000',
    // Issue 33: the shop is registered for EU VAT (in Austria): a German company's VAT number
    // gets the reverse charge (order-to-cash.spec.ts). Only EU ship-to addresses are taxed by it.
    SHOP_VAT_NUMBER: 'ATU13585627',
  };
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  const server = spawn('node', ['server/dist/server.js'], { cwd: root, env, stdio: 'inherit' });
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    server.kill('SIGKILL');
    await oidc.close();
    throw error;
  }
  return { server, oidc, baseUrl };
}

/**
 * Starts the built shop on a free port with a fresh DATA_DIR (PGlite) and the demo catalog. A
 * free port can be taken between finding it and listening on it (CI runs the server suites,
 * which start servers of their own, beside the journeys): the start is tried again on new
 * ports, up to three times.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-e2e-'));
  let started: Awaited<ReturnType<typeof startShop>> | undefined;
  for (let attempt = 1; !started; attempt++) {
    try {
      started = await startShop(dataDir);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`e2e: the shop did not start (${(error as Error).message}); new ports`);
    }
  }
  const { server, oidc, baseUrl } = started;
  // The journeys read the whole demo catalog and its fitments, which load after the port opens.
  await demoCatalogReady(baseUrl);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await oidc.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
