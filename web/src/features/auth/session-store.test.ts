import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/test-utils';

const signedIn = {
  session: { id: 's1', userId: 'u1' },
  user: { id: 'u1', email: 'buyer@example.com', name: 'Bea Buyer', role: 'user' },
};

/** A fresh store per test: it keeps its answer for the page's life. */
async function freshStore() {
  vi.resetModules();
  return import('./session-store');
}

function changed(subscribe: (onChange: () => void) => () => void) {
  return new Promise<void>((resolve) => {
    const stop = subscribe(() => {
      stop();
      resolve();
    });
  });
}

describe('session store (who is signed in, without the identity client)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => jsonResponse(signedIn));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the session endpoint once with a plain fetch and answers the signed-in user', async () => {
    const store = await freshStore();
    expect(store.sessionSnapshot()).toBeUndefined();
    await changed(store.subscribeSession);
    expect(store.sessionSnapshot()).toMatchObject({
      data: { user: { email: 'buyer@example.com', role: 'user' } },
      isPending: false,
    });
    store.fetchSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/auth/get-session');
  });

  it('counts a failed session check as signed out', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const store = await freshStore();
    await changed(store.subscribeSession);
    expect(store.sessionSnapshot()).toMatchObject({ data: null, isPending: false });
  });

  it("follows the identity client's session once that client has an answer", async () => {
    const store = await freshStore();
    await changed(store.subscribeSession);
    let value = { data: null as unknown, isPending: true, error: null };
    const listeners = new Set<() => void>();
    const atom = { get: () => value, listen: (listener: () => void) => listeners.add(listener) };
    const client = { $store: { atoms: { session: atom } } };
    store.registerAuthClient(client as unknown as Parameters<typeof store.registerAuthClient>[0]);
    // Still asking: the plain fetch's answer stands.
    expect(store.sessionSnapshot()?.data).toMatchObject({ user: { name: 'Bea Buyer' } });
    // Signed out through the client: the store says so.
    const noticed = changed(store.subscribeSession);
    value = { data: null, isPending: false, error: null };
    for (const listener of listeners) listener();
    await noticed;
    expect(store.sessionSnapshot()).toEqual(value);
  });
});
