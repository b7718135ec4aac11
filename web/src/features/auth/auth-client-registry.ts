/**
 * Where the identity client (auth-client.ts) announces itself as it loads, however it was
 * loaded (the sign-in pages import it, the session store loads it on demand), and where the
 * session store hears of it. Neither module imports the other's side: no import circle.
 */
export interface IdentityClient {
  // better-auth keeps the session atom under `$store.atoms.session`.
  $store: { atoms: Record<string, unknown> };
}

type Follower = (client: IdentityClient) => void;

let announced: IdentityClient | undefined;
const followers = new Set<Follower>();

/** Called by auth-client.ts as it loads. */
export function announceAuthClient(client: IdentityClient) {
  announced = client;
  for (const follow of [...followers]) follow(client);
}

/** Calls `follow` with the identity client once it has loaded (at once if it has). */
export function followAuthClient(follow: Follower) {
  followers.add(follow);
  if (announced) follow(announced);
}
