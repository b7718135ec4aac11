import type { SavedListSummary } from '@proper-parts/domain/cart';
import { formatCount } from '@proper-parts/domain/format';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { Modal, ModalActions } from '../../../components/modal';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAddListToCart } from '../api/add-list-to-cart';
import { useDeleteSavedList } from '../api/delete-saved-list';
import { SavedListLines } from './saved-list-lines';

const linesAdded = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'line' : 'lines'} added to your cart`;

/** One saved list: its name and size, its lines on demand, and what can be done with it. */
export function SavedListCard({ list }: { list: SavedListSummary }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const addToCart = useAddListToCart();
  const remove = useDeleteSavedList();
  const linesId = useId();

  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="saved-list">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{list.name}</h3>
          <p className="text-sm text-base-content/70">
            {formatCount(list.lineCount)} {list.lineCount === 1 ? 'line' : 'lines'} · Saved{' '}
            {formatDate(list.updatedAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            aria-expanded={open}
            aria-controls={linesId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide' : 'View'}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={addToCart.isPending}
            aria-busy={addToCart.isPending || undefined}
            onClick={() =>
              addToCart.mutate(list._id, {
                onSuccess: ({ added }) => toast.success(linesAdded(added)),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            {addToCart.isPending && (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            )}
            Add to cart
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            Delete
          </button>
        </div>
      </div>
      <div id={linesId} hidden={!open} className="mt-3">
        {open && <SavedListLines id={list._id} />}
      </div>
      {confirming && (
        <Modal
          title="Delete this list?"
          description={`"${list.name}" and its ${formatCount(list.lineCount)} ${list.lineCount === 1 ? 'line' : 'lines'}. Your cart is not changed.`}
          onClose={() => setConfirming(false)}
        >
          {({ close }) => (
            <>
              <FormAlert message={remove.error?.message} className="mt-4" />
              <ModalActions
                onCancel={close}
                cancelDisabled={remove.isPending}
                cancelLabel="Keep list"
              >
                <BusyButton
                  type="button"
                  busy={remove.isPending}
                  className="btn-error sm:w-auto"
                  onClick={() =>
                    // Not mutate's own onSuccess: the list is gone from the page, and this card
                    // with it, before that would run.
                    remove
                      .mutateAsync(list._id)
                      .then(() => {
                        toast.success(`"${list.name}" deleted`);
                        close();
                      })
                      .catch(() => {
                        // remove.error shows in the modal.
                      })
                  }
                >
                  Yes, delete list
                </BusyButton>
              </ModalActions>
            </>
          )}
        </Modal>
      )}
    </li>
  );
}
