import { authClient } from './auth-client';

export interface CurrentUser {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  isAdmin: boolean;
}

/**
 * The signed-in user, or null. `isPending` is true only while the first answer is awaited; a
 * failed session check counts as signed out, so no guard spins forever.
 */
export function useCurrentUser(): { user: CurrentUser | null; isPending: boolean } {
  const { data, isPending, error } = authClient.useSession();
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
    },
    isPending: false,
  };
}
