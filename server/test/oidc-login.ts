import { startOidcIssuer } from '../../e2e/support/oidc-issuer.ts';
import { cookieOf } from './auth-helper.ts';
import type { TestApp } from './helper.ts';

/** A real OIDC issuer (oidc-provider) for server tests; its callback is the test app's. */
export const startTestIssuer = (port: number) =>
  startOidcIssuer(port, 'http://localhost:3000/api/v1/auth/callback/oidc');

/** A tiny cookie jar for the issuer's own cookies (its login screens). */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      this.cookies.set(name.trim(), value);
    }
  }
  get header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

/**
 * Signs in through the issuer as a browser would (sign-in/social, the issuer's development
 * login and consent screens, back to our callback) and returns our callback's answer.
 */
export async function oidcLogin(app: TestApp, issuerUrl: string, login: string) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in/social',
    payload: { provider: 'oidc', callbackURL: '/', errorCallbackURL: '/signin' },
  });
  const ourCookie = cookieOf(start);
  const jar = new Jar();
  let url = String(start.json().url);
  for (let step = 0; step < 12; step++) {
    if (url.startsWith('http://localhost:3000/')) {
      const callback = url.replace('http://localhost:3000', '');
      return app.inject({ url: callback, headers: { cookie: ourCookie } });
    }
    const page = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header } });
    jar.take(page);
    const location = page.headers.get('location');
    if (location) {
      url = new URL(location, issuerUrl).toString();
      continue;
    }
    // An interaction screen: the login form, then the consent form.
    const html = await page.text();
    const action = html.match(/action="([^"]+)"/)?.[1] ?? '';
    const isLogin = html.includes('name="login"');
    const form = new URLSearchParams(
      isLogin ? { prompt: 'login', login, password: 'anything' } : { prompt: 'consent' },
    );
    const sent = await fetch(new URL(action, issuerUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.take(sent);
    url = new URL(sent.headers.get('location') ?? '', issuerUrl).toString();
  }
  throw new Error('the OIDC login did not come back to the shop');
}
