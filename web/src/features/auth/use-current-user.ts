import { useSyncExternalStore } from 'react';
import { sessionSnapshot, subscribeSession } from './session-store';

const serverSnapshot = () => undefined;

export interface CurrentUser {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  isAdmin: boolean;
  /** The address was confirmed (mailed link, password reset, or a verified provider login). */
  emailVerified: boolean;
}

/**
 * The signed-in user, or null. `isPending` is true only while the first answer is awaited; a
 * failed session check counts as signed out, so no guard spins forever.
 */
export function useCurrentUser(): { user: CurrentUser | null; isPending: boolean } {
  // The server renders every page signed out and pending (serverSnapshot), and hydration reads
  // the same, so the markup matches; the session arrives in the next render.
  const session = useSyncExternalStore(subscribeSession, sessionSnapshot, serverSnapshot);
  if (!session) return { user: null, isPending: true };
  const { data, isPending, error } = session;
  if (isPending && !error) return { user: null, isPending: true };
  const user = data?.user;
  if (!user) return { user: null, isPending: false };
  return {
    user: {
      id: user.id,
      email: user.email,
      displayName: user.name,
      photoURL: user.image ?? null,
      isAdmin: user.role === 'admin',
      emailVerified: user.emailVerified === true,
    },
    isPending: false,
  };
}
