import { Link } from 'react-router';
import { paths } from '../config/paths';
import { AuthCard } from '../features/auth/components/auth-card';
import { SignUpForm } from '../features/auth/components/sign-up-form';
import { SocialSignIn } from '../features/auth/components/social-sign-in';
import { useRedirectWhenSignedIn } from '../features/auth/use-redirect-when-signed-in';
import { usePageTitle } from '../lib/use-page-title';

export function SignUpPage() {
  usePageTitle('Sign Up');
  useRedirectWhenSignedIn(paths.home);

  return (
    <AuthCard
      title="Sign Up"
      description="Create an account to order parts, pay by card and track your orders."
    >
      <SignUpForm />
      <SocialSignIn callbackURL={paths.home} />
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={paths.signIn} className="link link-primary">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
