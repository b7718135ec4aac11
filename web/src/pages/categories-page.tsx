import type { CategoryNode } from '@proper-parts/domain/catalog-search';
import { formatCount } from '@proper-parts/domain/format';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { useCategories } from '../features/catalog/api/get-taxonomy';
import { usePageTitle } from '../lib/use-page-title';

function CategoryLink({ node, strong = false }: { node: CategoryNode; strong?: boolean }) {
  return (
    <Link
      to={paths.products({ category: node.slug })}
      className={`link-hover inline-flex gap-1.5 ${strong ? 'font-semibold' : ''}`}
    >
      {node.name}{' '}
      <span className="font-normal text-base-content/70">({formatCount(node.count)})</span>
    </Link>
  );
}

/** The category tree (issue 16): each top category as a card with its picture, its subtree below. */
export function CategoriesPage() {
  usePageTitle('All Categories');
  const { data, isPending, isError, error } = useCategories();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader
        title="All Categories"
        description="Every kind of part we stock. Open a category to search inside it."
      />
      {isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : isPending ? (
        <Spinner text="Loading categories…" />
      ) : data.length === 0 ? (
        <EmptyState title="No categories yet">Categories appear here with the catalog.</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((top) => (
            <li key={top.slug} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-3 p-5">
                <div className="flex items-center gap-4">
                  <img
                    src={`/images/categories/${top.slug}.svg`}
                    alt=""
                    width={64}
                    height={48}
                    loading="lazy"
                    className="h-12 w-16 shrink-0 object-contain"
                    onError={(event) => {
                      event.currentTarget.hidden = true;
                    }}
                  />
                  <h2 className="text-lg">
                    <CategoryLink node={top} strong />
                  </h2>
                </div>
                {top.children.length > 0 && (
                  <ul className="flex flex-col gap-1 text-sm">
                    {top.children.map((child) => (
                      <li key={child.slug}>
                        <CategoryLink node={child} />
                        {child.children.length > 0 && (
                          <ul className="ml-4 mt-1 flex flex-col gap-1 border-l border-base-300 pl-3">
                            {child.children.map((leaf) => (
                              <li key={leaf.slug}>
                                <CategoryLink node={leaf} />
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
