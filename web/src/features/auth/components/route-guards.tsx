import { messages } from '@proper-parts/domain/messages';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { signOut } from '../session-store';
import { useCurrentUser } from '../use-current-user';

/** The page a guard sent the user away from, so that sign-in can send them back. */
export interface FromState {
  from?: { pathname: string; search?: string };
}

/** A screen tall, like the layout's, so the footer does not jump when the page arrives. */
const GuardSpinner = () => <Spinner text={messages.pleaseWait} className="min-h-dvh" />;

/** Sign-in guard (spec §2): signed-out users go to /signin, remembering where they were. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <GuardSpinner />;
  if (!user) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to={paths.signIn} state={state} replace />;
  }
  return children;
}

/**
 * Admin guard (spec §2, §6): a signed-in non-admin is signed out first, then sent to /signin
 * (in that order, so the sign-in page does not bounce a still-present session elsewhere).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  const navigate = useNavigate();
  const refused = !isPending && !user?.isAdmin;
  const mustSignOut = refused && user !== null;

  useEffect(() => {
    if (!mustSignOut) return;
    signOut().finally(() => navigate(paths.signIn, { replace: true }));
  }, [mustSignOut, navigate]);

  if (isPending || mustSignOut) return <GuardSpinner />;
  if (refused) return <Navigate to={paths.signIn} replace />;
  return children;
}
