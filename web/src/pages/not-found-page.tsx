import { Link } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page Not Found');

  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center">
      <img
        src="/images/not-found.svg"
        alt="404: a gear in place of the zero"
        width={600}
        height={400}
        className="h-auto w-full max-w-md"
      />
      <h1 className="mt-8 text-3xl font-bold sm:text-4xl">Page not found</h1>
      <p className="mt-3 text-base-content/70">
        We could not find the page you asked for. It may have moved, or the link may be mistyped.
      </p>
      <Link to={paths.home} className="btn btn-primary mt-8">
        Back to Home
      </Link>
    </section>
  );
}
