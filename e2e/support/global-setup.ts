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

/** Starts the built shop on a free port with a fresh DATA_DIR (PGlite) and the demo catalog. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const oidc = await startOidcIssuer(await freePort(), `${baseUrl}/api/v1/auth/callback/oidc`);
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
  };
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  const server = spawn('node', ['server/dist/server.js'], { cwd: root, env, stdio: 'inherit' });
  await waitForHealth(baseUrl, server);
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
