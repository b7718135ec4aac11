import { followAuthClient, type IdentityClient } from './auth-client-registry';

/**
 * The session, for every page, without the identity client: a plain `fetch` of the session
 * endpoint answers who is signed in. better-auth's client (with better-fetch and nanostores)
 * loads only on the pages that sign in, up or out; once it has its own answer, this store
 * follows its session atom (what `authClient.useSession()` does), which sees sign-ins and
 * sign-outs as they happen.
 */
export interface SessionValue {
  data: {
    user?: {
      id: string;
      email: string;
      name: string;
      image?: string | null;
      role?: string;
      emailVerified?: boolean;
    };
  } | null;
  isPending: boolean;
  error: unknown;
}
interface SessionAtom {
  get(): SessionValue;
  listen(listener: () => void): () => void;
}

/** better-auth's session endpoint on our server (its client's `basePath` + `/get-session`). */
export const SESSION_URL = '/api/v1/auth/get-session';

let client: IdentityClient | undefined;
/** The plain fetch's answer, until the identity client has one of its own. */
let fetched: SessionValue | undefined;
let fetching = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

const atom = () => client?.$store.atoms.session as SessionAtom | undefined;

/** Follows the identity client's session from the moment the client has loaded. */
export function registerAuthClient(loaded: IdentityClient) {
  if (client === loaded) return;
  client = loaded;
  // Listening mounts the atom, which then asks the server itself.
  atom()?.listen(notify);
  notify();
}
followAuthClient(registerAuthClient);

export const loadAuthClient = () =>
  import('./auth-client').then((module) => {
    // Normally the module registered itself as it ran; this covers a copy that ran earlier
    // against another instance of this store (tests reset modules).
    if (!client) registerAuthClient(module.authClient);
    return module;
  });

let fetchedAt = 0;
/** Asking again when the tab comes back, as the identity client does, at most this often. */
const REFETCH_AFTER_MS = 5_000;

/**
 * Asks the server who is signed in (once, or again with `again` when the answer is older than
 * REFETCH_AFTER_MS); a failed answer counts as signed out. The old answer stands meanwhile.
 */
export function fetchSession(again = false) {
  if (fetching || client) return;
  if (fetched && (!again || Date.now() - fetchedAt < REFETCH_AFTER_MS)) return;
  fetching = true;
  fetchedAt = Date.now();
  const settle = (value: SessionValue) => {
    // A failed second ask keeps the first answer.
    fetched = value.error && fetched ? fetched : value;
    fetching = false;
    notify();
  };
  fetch(SESSION_URL, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`session check answered ${response.status}`);
      const data = (await response.json()) as SessionValue['data'];
      settle({ data: data ?? null, isPending: false, error: null });
    })
    .catch((error: unknown) => settle({ data: null, isPending: false, error }));
}

// A sign-out in another tab, or a session that ran out, shows when the user comes back.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && listeners.size > 0) fetchSession(true);
  });
}

export function subscribeSession(onChange: () => void): () => void {
  listeners.add(onChange);
  fetchSession();
  return () => {
    listeners.delete(onChange);
  };
}

/** The identity client's session once it has settled; until then, the plain fetch's answer. */
export const sessionSnapshot = (): SessionValue | undefined => {
  const fromClient = atom()?.get();
  if (fromClient && (!fromClient.isPending || !fetched)) return fromClient;
  return fetched;
};

/** Signs out through the identity client (loading it first if need be). */
export async function signOut() {
  await (await loadAuthClient()).signOut();
  // The plain fetch's answer is the old session: it must not stand in for the client's.
  fetched = { data: null, isPending: false, error: null };
  fetchedAt = Date.now();
  notify();
}
