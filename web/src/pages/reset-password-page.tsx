import { Link } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';

export function ResetPasswordPage() {
  usePageTitle('Reset Password');

  return (
    <div className="flex justify-center px-4 py-16">
      <section className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">Reset Password</h1>
          <p className="text-center text-base-content/70">
            Choose a new password for your account with the link from our email.
          </p>
          <p className="text-center text-sm">
            <Link to={paths.signIn} className="link link-primary">
              Back to sign in
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
