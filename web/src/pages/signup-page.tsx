import { Link } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';

export function SignUpPage() {
  usePageTitle('Sign Up');

  return (
    <div className="flex justify-center px-4 py-16">
      <section className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">Sign Up</h1>
          <p className="text-center text-base-content/70">
            Create an account with your name, email and a password.
          </p>
          <p className="rounded-field bg-base-200 px-4 py-3 text-center text-sm">
            Accounts open soon.
          </p>
          <p className="text-center text-sm">
            Already have an account?{' '}
            <Link to={paths.signIn} className="link link-primary">
              Sign in
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
