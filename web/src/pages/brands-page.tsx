import type { BrandCount } from '@proper-parts/domain/catalog-search';
import { formatCount } from '@proper-parts/domain/format';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { useBrands } from '../features/catalog/api/get-taxonomy';
import { usePageTitle } from '../lib/use-page-title';

/** A brand's letter in the A–Z: digits and signs go under '#'. */
const letterOf = (name: string) => {
  const first = name.charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
};

function byLetter(brands: BrandCount[]): [string, BrandCount[]][] {
  const groups = new Map<string, BrandCount[]>();
  for (const brand of brands) {
    const letter = letterOf(brand.name);
    groups.set(letter, [...(groups.get(letter) ?? []), brand]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** All brands A–Z (issue 16), each with its count of parts, each leading to its parts. */
export function BrandsPage() {
  usePageTitle('All Brands');
  const { data, isPending, isError, error } = useBrands();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader
        title="All Brands"
        description={
          data
            ? `${formatCount(data.length)} manufacturers, A–Z. Open one to see its parts.`
            : 'Every manufacturer we stock, A–Z.'
        }
      />
      {isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : isPending ? (
        <Spinner text="Loading brands…" />
      ) : data.length === 0 ? (
        <EmptyState title="No brands yet">Brands appear here with their first parts.</EmptyState>
      ) : (
        <>
          <nav aria-label="Letters" className="mb-8 flex flex-wrap gap-1">
            {byLetter(data).map(([letter]) => (
              <a key={letter} href={`#brands-${letter}`} className="btn btn-ghost btn-sm font-mono">
                {letter}
              </a>
            ))}
          </nav>
          <div className="flex flex-col gap-8">
            {byLetter(data).map(([letter, brands]) => (
              <section key={letter} aria-labelledby={`brands-${letter}`}>
                <h2
                  id={`brands-${letter}`}
                  className="mb-3 scroll-mt-24 border-b border-base-300 pb-1 text-xl font-bold"
                >
                  {letter}
                </h2>
                <ul className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-4">
                  {brands.map((brand) => (
                    <li key={brand.slug}>
                      <Link
                        to={paths.products({ brand: brand.slug })}
                        className="link-hover flex justify-between gap-2 py-1"
                      >
                        <span>{brand.name}</span>
                        <span className="text-base-content/70">{formatCount(brand.count)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
