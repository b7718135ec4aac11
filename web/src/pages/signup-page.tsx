import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { AuthCard } from '../features/auth/components/auth-card';
import { SignUpForm } from '../features/auth/components/sign-up-form';
import { SocialSignIn } from '../features/auth/components/social-sign-in';
import { redirectTargetOf } from '../features/auth/redirect-target';
import { useRedirectWhenSignedIn } from '../features/auth/use-redirect-when-signed-in';
import { usePageTitle } from '../lib/use-page-title';

export function SignUpPage() {
  usePageTitle('Sign Up');
  // Sent here from the sign-in page by a guard (an invitation link): back there after sign-up.
  const location = useLocation();
  const target = redirectTargetOf(location.state);
  useRedirectWhenSignedIn(target);

  return (
    <AuthCard
      title="Sign Up"
      description="Create an account to order parts, pay by card and track your orders."
    >
      <SignUpForm />
      <SocialSignIn callbackURL={target} />
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={paths.signIn} state={location.state} className="link link-primary">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
