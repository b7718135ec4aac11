import { messages } from '@proper-parts/domain/messages';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { useConfirmEmail } from '../features/auth/api/confirm-email';
import { AuthCard } from '../features/auth/components/auth-card';
import { ConfirmEmailForm } from '../features/auth/components/confirm-email-form';
import { useCurrentUser } from '../features/auth/use-current-user';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Where the mailed confirmation link lands (`?token=…`). Signed in, it confirms at once;
 * signed out, the account's password confirms it. It never signs anyone in (decisions.md).
 */
export function VerifyEmailPage() {
  usePageTitle('Confirm your email');
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const token = searchParams.get('token') ?? '';
  const { user, isPending } = useCurrentUser();
  const confirm = useConfirmEmail();
  const triedWithSession = useRef(false);

  useEffect(() => {
    if (!token || isPending || !user || triedWithSession.current) return;
    triedWithSession.current = true;
    confirm.mutate({ token });
  }, [token, isPending, user, confirm]);

  const done = confirm.isSuccess;
  const asking = isPending || (user && confirm.isPending && !confirm.variables?.password);
  return (
    <AuthCard
      title="Confirm your email"
      description={
        done || !token
          ? undefined
          : 'To confirm this address, type the password of the account it belongs to.'
      }
    >
      {!token ? (
        <p role="alert" className="font-semibold text-error">
          {messages.confirmationLinkInvalid}
        </p>
      ) : done ? (
        <div role="status" className="rounded-box border border-success/30 bg-success/10 p-4">
          <p className="font-semibold">{messages.emailConfirmed}</p>
          <p className="mt-1 text-sm">{confirm.data.email}</p>
        </div>
      ) : asking ? (
        <Spinner text="Confirming…" />
      ) : (
        <>
          <ConfirmEmailForm
            busy={confirm.isPending}
            failure={confirm.error?.message}
            onConfirm={(password) => confirm.mutate({ token, password })}
          />
          {!user && (
            <p className="text-center text-sm">
              Or{' '}
              <Link to={paths.signIn} state={{ from: location }} className="link link-primary">
                sign in
              </Link>{' '}
              and come back to this link.
            </p>
          )}
        </>
      )}
      <p className="text-center text-sm">
        <Link to={user ? paths.dashboard.root : paths.home} className="link link-primary">
          {user ? 'Go to your dashboard' : 'Back to the shop'}
        </Link>
      </p>
    </AuthCard>
  );
}
