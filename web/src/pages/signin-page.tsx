import { Link } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';

export function SignInPage() {
  usePageTitle('Sign In');

  return (
    <div className="flex justify-center px-4 py-16">
      <section className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">Sign In</h1>
          <p className="text-center text-base-content/70">
            Sign in with your email and password to order parts, pay and track your orders.
          </p>
          <p className="rounded-field bg-base-200 px-4 py-3 text-center text-sm">
            Accounts open soon.
          </p>
          <p className="text-center text-sm">
            New to Proper Parts?{' '}
            <Link to={paths.signUp} className="link link-primary">
              Create an account
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
