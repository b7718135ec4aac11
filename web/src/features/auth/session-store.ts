import type { authClient as AuthClient } from './auth-client';

/**
 * The session, for the entry chunk, without the identity client in it: better-auth's client
 * (with better-fetch and nanostores, ~10 KB gzipped) loads right after the first paint, and
 * this store follows its session atom from then on (what `authClient.useSession()` does).
 */
type Client = typeof AuthClient;
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

let client: Client | undefined;
const waiting = new Set<() => void>();

/** Called by auth-client.ts as it loads, however it was loaded. */
export function registerAuthClient(loaded: Client) {
  client = loaded;
  for (const attach of [...waiting]) attach();
  waiting.clear();
}

export const loadAuthClient = () =>
  import('./auth-client').then((module) => {
    // Normally the module registered itself as it ran; this covers a copy that ran earlier
    // against another instance of this store (tests reset modules).
    if (!client) registerAuthClient(module.authClient);
    return module;
  });

const atom = () => client?.$store.atoms.session as SessionAtom | undefined;

export function subscribeSession(onChange: () => void): () => void {
  let stop: (() => void) | undefined;
  const attach = () => {
    stop ??= atom()?.listen(onChange);
    onChange();
  };
  if (atom()) stop = atom()?.listen(onChange);
  else {
    waiting.add(attach);
    void loadAuthClient();
  }
  return () => {
    waiting.delete(attach);
    stop?.();
  };
}

export const sessionSnapshot = (): SessionValue | undefined => atom()?.get();

/** Signs out through the identity client (loading it first if need be). */
export async function signOut() {
  await (await loadAuthClient()).signOut();
}
