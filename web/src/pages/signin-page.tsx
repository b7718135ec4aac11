import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { AuthCard } from '../features/auth/components/auth-card';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { SocialSignIn } from '../features/auth/components/social-sign-in';
import { redirectTargetOf } from '../features/auth/redirect-target';
import { useRedirectWhenSignedIn } from '../features/auth/use-redirect-when-signed-in';
import { usePageTitle } from '../lib/use-page-title';

export function SignInPage() {
  usePageTitle('Sign In');
  const location = useLocation();
  const target = redirectTargetOf(location.state);
  useRedirectWhenSignedIn(target);

  return (
    <AuthCard
      title="Sign In"
      description="Welcome back. Sign in to order parts, pay and track your orders."
    >
      <SignInForm />
      <SocialSignIn callbackURL={target} />
      <p className="text-center text-sm">
        New to Proper Parts?{' '}
        <Link to={paths.signUp} state={location.state} className="link link-primary">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
