import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useSavedLists } from '../../features/saved-lists/api/get-saved-lists';
import { SavedListCard } from '../../features/saved-lists/components/saved-list-card';
import { usePageTitle } from '../../lib/use-page-title';

export function SavedListsPage() {
  usePageTitle('Saved lists');
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useSavedLists();
  const lists = data?.pages.flatMap((page) => page.lists) ?? [];

  return (
    <section>
      <PageHeader
        level={2}
        title="Saved lists"
        description="Parts you order again and again, kept under a name: add a whole list to your cart in one go."
      />
      {isPending ? (
        <Spinner text="Loading your lists…" />
      ) : isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : lists.length === 0 ? (
        <EmptyState title="You have no saved lists yet">
          Save your cart as a list from the{' '}
          <Link to={paths.cart} className="link link-primary">
            cart page
          </Link>
          , or fill your cart fast with a{' '}
          <Link to={paths.quickOrder} className="link link-primary">
            quick order
          </Link>
          .
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Saved lists">
            {lists.map((list) => (
              <SavedListCard key={list._id} list={list} />
            ))}
          </ul>
          {hasNextPage && (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                className="btn btn-outline"
                disabled={isFetchingNextPage}
                aria-busy={isFetchingNextPage || undefined}
                onClick={() => fetchNextPage()}
              >
                {isFetchingNextPage && (
                  <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                )}
                Load more
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
