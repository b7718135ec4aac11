import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on a local port (oidc-provider with its development login
 * screen: any login is accepted and becomes the account). Accounts are `<login>@oidc.test`,
 * with a verified email; a login ending in `~unverified` claims `<rest>@oidc.test` unverified.
 */
export async function startOidcIssuer(port: number, redirectUri: string) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'proper-parts-e2e',
        client_secret: 'e2e-secret-e2e-secret-e2e-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['e2e-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          const unverified = sub.endsWith('~unverified');
          const local = unverified ? sub.slice(0, -'~unverified'.length) : sub;
          return {
            sub,
            email: `${local}@oidc.test`,
            email_verified: !unverified,
            name: `OIDC ${local}`,
          };
        },
      };
    },
    pkce: { required: () => false },
    features: { devInteractions: { enabled: true } },
  });
  // Plain http on localhost: tell the provider not to insist on secure cookies.
  provider.proxy = true;
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId: 'proper-parts-e2e',
    clientSecret: 'e2e-secret-e2e-secret-e2e-secret',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
