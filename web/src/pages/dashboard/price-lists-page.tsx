import type { PriceListSummary } from '@proper-parts/domain/price-lists';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { LoadMore } from '../../features/accounts/components/load-more';
import { usePriceLists } from '../../features/price-lists/api/get-price-lists';
import { PriceListCsvPanel } from '../../features/price-lists/components/price-list-csv-panel';
import { PriceListForm } from '../../features/price-lists/components/price-list-form';
import { formatCount } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';

const day = (at: string | null, open: string) =>
  at ? new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium' }) : open;

/** Whether a list applies now, starts later or has ended. */
function stateOf(list: PriceListSummary, now = Date.now()) {
  if (list.validFrom && Date.parse(list.validFrom) > now) return 'Starts later';
  if (list.validTo && Date.parse(list.validTo) <= now) return 'Ended';
  return 'Active';
}

/** Shop admin (issue 35): the contract price lists, highest priority first wins (decision 038). */
export function PriceListsPage() {
  usePageTitle('Price lists');
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    usePriceLists();
  const lists = data?.pages.flatMap((page) => page.priceLists) ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = lists.find((list) => list.id === chosenId);
  /** The form open: 'new', a list's id, or none. */
  const [editing, setEditing] = useState<string | null>(null);
  const edited = lists.find((list) => list.id === editing);
  return (
    <section>
      <PageHeader
        level={2}
        title="Price lists"
        description="Contract prices per company: a net price per part, or a percentage off a brand, a category or everything. Among a company's active lists the highest priority wins; a buyer never pays more than the tier price. A list's prices load and export as CSV (its CSV button)."
      />
      {editing === null ? (
        <button
          type="button"
          className="btn btn-primary btn-sm mb-4"
          onClick={() => setEditing('new')}
        >
          New price list
        </button>
      ) : (
        <PriceListForm
          key={editing}
          list={edited}
          onSaved={(id) => {
            setEditing(null);
            setChosenId(id);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {isPending ? (
        <Spinner text="Loading price lists…" />
      ) : isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : lists.length === 0 ? (
        <EmptyState title="No price lists yet">
          Create one with New price list, then load its prices as CSV; companies on it see their
          prices at once.
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="table table-sm" aria-label="Price lists">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">State</th>
                  <th scope="col" className="text-right">
                    Priority
                  </th>
                  <th scope="col">Valid</th>
                  <th scope="col" className="text-right">
                    Companies
                  </th>
                  <th scope="col" className="text-right">
                    Entries
                  </th>
                  <th scope="col">
                    <span className="sr-only">CSV</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lists.map((list) => (
                  <tr key={list.id}>
                    <td className="font-medium">{list.name}</td>
                    <td>
                      <span
                        className={`badge badge-sm ${stateOf(list) === 'Active' ? 'badge-success' : 'badge-ghost'}`}
                      >
                        {stateOf(list)}
                      </span>
                    </td>
                    <td className="text-right">{list.priority}</td>
                    <td className="whitespace-nowrap">
                      {day(list.validFrom, 'Always')} – {day(list.validTo, 'open')}
                    </td>
                    <td className="text-right">{formatCount(list.companyIds.length)}</td>
                    <td className="text-right">{formatCount(list.entryCount)}</td>
                    <td className="flex gap-1">
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs"
                        aria-label={`Edit ${list.name}`}
                        onClick={() => setEditing(list.id)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs whitespace-nowrap"
                        aria-pressed={list.id === chosenId}
                        aria-label={`CSV of ${list.name}`}
                        onClick={() => setChosenId(list.id === chosenId ? null : list.id)}
                      >
                        CSV
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore
            hasMore={hasNextPage}
            busy={isFetchingNextPage}
            onLoad={() => fetchNextPage()}
          />
          {chosen && (
            <div className="mt-6">
              <PriceListCsvPanel key={chosen.id} list={chosen} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
