import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { BRANDS_SHOWN_FIRST, brands } from '../home-content';

/**
 * 'Brands We Trust' and the shop's 40-million-pieces claim (spec §1, §9). See All Brands leads to
 * the A–Z of every brand in the catalog (decisions.md).
 */
export function BrandsSection() {
  const shown = brands.slice(0, BRANDS_SHOWN_FIRST);

  return (
    <section aria-labelledby="brands-title" className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-5 lg:items-center">
        <div className="lg:col-span-2">
          <h2 id="brands-title" className="text-3xl font-bold sm:text-4xl">
            Brands We Trust
          </h2>
          <p className="mt-4 text-lg text-neutral-content/85">
            We stock over 250 brands across 42 product categories, and hold more than{' '}
            <strong className="text-accent">40 million pieces of product information</strong> from{' '}
            <strong className="text-accent">27 industries</strong>.
          </p>
          <Link to={paths.brands} className="btn btn-accent mt-6">
            See All Brands
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:col-span-3">
          {shown.map((brand) => (
            <li
              key={brand}
              className="flex min-h-16 items-center justify-center rounded-box border border-neutral-content/15 bg-neutral-content/5 px-3 py-4 text-center text-sm font-semibold tracking-wide"
            >
              {brand}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
