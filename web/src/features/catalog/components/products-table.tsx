import type { Tool } from '@proper-parts/domain/catalog';
import { productDeletedMessage } from '@proper-parts/domain/messages';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { Modal, ModalActions } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { formatPieces, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteTool } from '../api/delete-tool';
import { useToolsPage } from '../api/get-tools-page';

export const PRODUCTS_PAGE_SIZE = 10;

/** The confirm modal of spec §2 ("confirm delete of a product"), open while `product` is set. */
function DeleteProductModal({ product, onClose }: { product: Tool; onClose: () => void }) {
  const remove = useDeleteTool();

  return (
    <Modal
      title={`Delete ${product.name}?`}
      description="It leaves the catalog at once. Orders that include it keep it in their history."
      onClose={onClose}
    >
      {({ close }) => (
        <>
          <FormAlert message={remove.error?.message} className="mt-4" />
          <ModalActions onCancel={close} cancelDisabled={remove.isPending}>
            <BusyButton
              type="button"
              busy={remove.isPending}
              className="btn-error sm:w-auto"
              onClick={() =>
                remove.mutate(product._id, {
                  onSuccess: ({ deletedCount }) => {
                    if (deletedCount > 0) toast.success(productDeletedMessage(product.name));
                    close();
                  },
                })
              }
            >
              Delete
            </BusyButton>
          </ModalActions>
        </>
      )}
    </Modal>
  );
}

function Pager({
  page,
  hasNext,
  onPage,
}: {
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label="Product pages" className="mt-4 flex items-center justify-between gap-2">
      <button
        type="button"
        className="btn btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="text-sm text-base-content/70" aria-current="page">
        Page {page}
      </span>
      <button
        type="button"
        className="btn btn-sm"
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** Manage Products: every product, newest first, ten a page, each with Edit, and Delete behind a modal. */
export function ProductsTable() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage = (next: number) =>
    setParams(next > 1 ? { page: String(next) } : {}, { replace: true });
  const { data, isPending, isError, error, isPlaceholderData } = useToolsPage(
    page,
    PRODUCTS_PAGE_SIZE,
  );
  const [deleting, setDeleting] = useState<Tool>();

  // Deleting the last product of the last page leaves it empty: step back to one that is not.
  const emptyPage = data !== undefined && data.products.length === 0 && page > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPage is recreated each render.
  useEffect(() => {
    if (emptyPage && !isPlaceholderData) setPage(page - 1);
  }, [emptyPage, isPlaceholderData, page]);

  if (isPending) return <Spinner text="Loading products…" />;
  if (isError) {
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  }
  if (data.products.length === 0 && page === 1) {
    return <p className="text-base-content/70">No products in the catalog.</p>;
  }

  const first = (page - 1) * PRODUCTS_PAGE_SIZE;
  return (
    <>
      <div
        className={`overflow-x-auto rounded-box border border-base-300 bg-base-100 ${isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <table className="table table-sm sm:table-md">
          <thead>
            <tr>
              <th scope="col" className="hidden sm:table-cell">
                #
              </th>
              <th scope="col">Image</th>
              <th scope="col">Name</th>
              <th scope="col" className="hidden text-right sm:table-cell">
                Price
              </th>
              <th scope="col" className="hidden text-right md:table-cell">
                MOQ
              </th>
              <th scope="col" className="hidden text-right md:table-cell">
                Stock
              </th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.products.map((product, index) => (
              <tr key={product._id} className="hover:bg-base-200/60">
                <th scope="row" className="hidden text-base-content/60 sm:table-cell">
                  {first + index + 1}
                </th>
                <td>
                  <img
                    src={product.img}
                    alt={product.name}
                    width={56}
                    height={42}
                    loading="lazy"
                    decoding="async"
                    className="h-9 w-12 rounded border border-base-300 bg-base-200 object-contain sm:h-10.5 sm:w-14"
                  />
                </td>
                <td className="min-w-28">
                  <span className="font-medium">{product.name}</span>
                  {/* On narrow screens the price and the quantity columns fold into the name cell. */}
                  <span className="block font-semibold sm:hidden">
                    {formatPrice(product.price)}{' '}
                    <span className="text-xs font-normal text-base-content/60">per pc</span>
                  </span>
                  <span className="block text-xs text-base-content/60 md:hidden">
                    <span className="whitespace-nowrap">
                      MOQ {formatPieces(product.minimumOrderQuantity)}
                    </span>{' '}
                    ·{' '}
                    <span className="whitespace-nowrap">
                      Stock {formatPieces(product.availableQuantity)}
                    </span>
                  </span>
                </td>
                <td className="hidden whitespace-nowrap text-right sm:table-cell">
                  {formatPrice(product.price)}
                </td>
                <td className="hidden whitespace-nowrap text-right md:table-cell">
                  {formatPieces(product.minimumOrderQuantity)}
                </td>
                <td className="hidden whitespace-nowrap text-right md:table-cell">
                  {formatPieces(product.availableQuantity)}
                </td>
                <td className="whitespace-nowrap text-right">
                  <Link
                    to={paths.dashboard.editProduct(product._id)}
                    className="btn btn-outline btn-sm mr-2"
                    aria-label={`Edit ${product.name}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="btn btn-error btn-outline btn-sm"
                    aria-label={`Delete ${product.name}`}
                    onClick={() => setDeleting(product)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} hasNext={data.hasNext} onPage={setPage} />
      {deleting && <DeleteProductModal product={deleting} onClose={() => setDeleting(undefined)} />}
    </>
  );
}
