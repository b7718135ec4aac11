import type { Tool } from '@proper-parts/domain/catalog';
import { productDeletedMessage } from '@proper-parts/domain/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { Modal, ModalActions } from '../../../components/modal';
import { paths } from '../../../config/paths';
import { formatPieces, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteTool } from '../api/delete-tool';

/** What a row of Manage Products shows: a product of the list, or a search's result. */
export type ProductRow = Pick<
  Tool,
  '_id' | 'name' | 'img' | 'price' | 'minimumOrderQuantity' | 'availableQuantity'
>;

/** The confirm modal of spec §2 ("confirm delete of a product"), open while `product` is set. */
function DeleteProductModal({ product, onClose }: { product: ProductRow; onClose: () => void }) {
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

export function Pager({
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

/**
 * Manage Products' table: numbered from `first` + 1, each product with its image, name, price, MOQ
 * and stock, Edit, and Delete behind a modal. `dimmed` while the next page loads.
 */
export function ProductRows({
  products,
  first,
  dimmed = false,
}: {
  products: ProductRow[];
  first: number;
  dimmed?: boolean;
}) {
  const [deleting, setDeleting] = useState<ProductRow>();
  return (
    <>
      <div
        className={`overflow-x-auto rounded-box border border-base-300 bg-base-100 ${dimmed ? 'opacity-60' : ''}`}
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
            {products.map((product, index) => (
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
      {deleting && <DeleteProductModal product={deleting} onClose={() => setDeleting(undefined)} />}
    </>
  );
}
