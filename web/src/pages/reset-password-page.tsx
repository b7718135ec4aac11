import { messages } from '@proper-parts/domain/messages';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../config/paths';
import { AuthCard } from '../features/auth/components/auth-card';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { usePageTitle } from '../lib/use-page-title';

/** Where the mailed reset link lands: `?token=…`, or `?error=INVALID_TOKEN` for a bad link. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkIsValid = Boolean(token) && !searchParams.has('error');

  return (
    <AuthCard
      title="Reset Password"
      description={linkIsValid ? 'Choose a new password for your account.' : undefined}
    >
      {linkIsValid && token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div role="alert" className="rounded-box border border-error/25 bg-error/5 px-4 py-3">
          <p className="font-semibold text-error">{messages.invalidResetLink}</p>
          <p className="mt-1 text-sm text-base-content/80">
            Ask for a new one with “Forgot password?” on the{' '}
            <Link to={paths.signIn} className="link link-primary">
              sign-in page
            </Link>
            .
          </p>
        </div>
      )}
      <p className="text-center text-sm">
        <Link to={paths.signIn} className="link link-primary">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
