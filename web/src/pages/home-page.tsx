import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/use-current-user';
import { FeaturedProducts } from '../features/catalog/components/featured-products';
import { usePageTitle } from '../lib/use-page-title';

const claims = [
  { value: '40M+', label: 'pieces of product information' },
  { value: '27', label: 'industries served' },
  { value: '250+', label: 'brands we trust' },
  { value: '42', label: 'product categories' },
] as const;

const promises = [
  {
    title: 'Clear minimum orders',
    text: 'Every part shows its minimum order and stock in pieces.',
  },
  { title: 'Live stock', text: 'Your quantity is reserved the moment you order.' },
  { title: 'Secure card payment', text: 'Pay per order by card; we never store card numbers.' },
  { title: 'Order tracking', text: 'Follow each order from payment to shipping.' },
] as const;

export function HomePage() {
  usePageTitle('Home');
  // Admins do not buy (spec §6): their Purchase Now buttons are disabled.
  const isAdmin = useCurrentUser().user?.isAdmin ?? false;

  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="bg-blueprint bg-neutral text-neutral-content"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:py-20 lg:grid-cols-5 lg:py-24">
          <div className="lg:col-span-3">
            <p className="text-sm font-semibold uppercase tracking-widest text-accent">
              Industrial · Machine · Automotive
            </p>
            <h1
              id="hero-title"
              className="mt-4 text-3xl font-extrabold leading-tight tracking-tight sm:text-5xl"
            >
              The right parts, in the quantities your business needs
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-neutral-content/85">
              More than 40 million pieces of product information from 27 industries. Order tools,
              machine and car parts direct from the manufacturer, with honest stock levels and card
              payment.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href="#featured-products" className="btn btn-primary btn-lg">
                Browse Products
              </a>
              <Link
                to={paths.dashboard.root}
                className="btn btn-outline btn-lg border-neutral-content/40 text-neutral-content hover:border-neutral-content hover:bg-neutral-content hover:text-neutral"
              >
                Your Dashboard
              </Link>
            </div>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2 lg:col-span-2 lg:grid-cols-1">
            {promises.map((item) => (
              <li
                key={item.title}
                className="rounded-box border border-neutral-content/15 bg-neutral-content/5 p-4"
              >
                <p className="font-semibold">{item.title}</p>
                <p className="mt-1 text-sm text-neutral-content/75">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-label="Proper Parts in numbers"
        className="border-b border-base-300 bg-base-200"
      >
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
          {claims.map((claim) => (
            <div key={claim.label} className="flex flex-col-reverse justify-end">
              <dt className="text-sm text-base-content/70">{claim.label}</dt>
              <dd className="text-3xl font-bold text-primary">{claim.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <FeaturedProducts purchaseDisabled={isAdmin} />
    </>
  );
}
