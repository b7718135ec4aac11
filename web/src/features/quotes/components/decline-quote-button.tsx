import type { Quote } from '@proper-parts/domain/quotes';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { Modal, ModalActions } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useDeclineQuote } from '../api/decline-quote';
import { NoteField } from './note-field';

/** Shop admin: decline a request the shop cannot price, with a word to the buyer. */
export function DeclineQuoteButton({ quote }: { quote: Quote }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const decline = useDeclineQuote();
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm self-start text-error"
        onClick={() => setOpen(true)}
      >
        Decline this request
      </button>
      {open && (
        <Modal
          title="Decline this request?"
          description={`${quote.buyerName} is told by mail that the shop will not quote it.`}
          onClose={() => setOpen(false)}
        >
          {({ close }) => (
            <form
              noValidate
              className="mt-4 flex flex-col gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                decline.mutate(
                  { id: quote._id, note },
                  {
                    onSuccess: () => {
                      toast.success('Quote declined: the buyer has been mailed');
                      close();
                    },
                  },
                );
              }}
            >
              <NoteField
                label="Why (optional)"
                maxLength={2000}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
              <FormAlert message={decline.error?.message} />
              <ModalActions
                onCancel={close}
                cancelDisabled={decline.isPending}
                cancelLabel="Keep it"
              >
                <BusyButton busy={decline.isPending} className="btn-error sm:w-auto">
                  Decline
                </BusyButton>
              </ModalActions>
            </form>
          )}
        </Modal>
      )}
    </>
  );
}
