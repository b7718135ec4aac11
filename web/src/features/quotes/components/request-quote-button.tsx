import { zodResolver } from '@hookform/resolvers/zod';
import { requestQuoteRequest } from '@proper-parts/domain/quotes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { Modal, ModalActions } from '../../../components/modal';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useRequestQuote } from '../api/request-quote';
import { NoteField } from './note-field';

const messageForm = requestQuoteRequest.pick({ message: true });
type MessageInput = z.input<typeof messageForm>;
type MessageOutput = z.output<typeof messageForm>;

/** "Request a quote": the cart's lines go to the shop with a message; the quote's page opens. */
export function RequestQuoteButton({ className = 'btn-outline' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const request = useRequestQuote();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MessageInput, unknown, MessageOutput>({
    resolver: zodResolver(messageForm),
    defaultValues: { message: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const quote = await request.mutateAsync(values);
      toast.success('Quote requested: the shop will answer by mail');
      navigate(paths.dashboard.quote(quote._id));
    } catch {
      // Shown in the dialog (FormAlert), where the buyer can act on it.
    }
  });
  return (
    <>
      <button type="button" className={`btn ${className}`} onClick={() => setOpen(true)}>
        Request a quote
      </button>
      {open && (
        <Modal
          title="Request a quote"
          description="The shop prices the lines of your cart, any quantity, and answers by mail with a lead time. Your cart stays as it is."
          onClose={() => {
            setOpen(false);
            request.reset();
          }}
        >
          {({ close }) => (
            <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
              <NoteField
                label="Message to the shop (optional)"
                placeholder="e.g. Delivery in two lots, to our Peoria plant"
                error={errors.message?.message}
                {...register('message')}
              />
              <FormAlert message={request.error?.message} />
              <ModalActions onCancel={close} cancelDisabled={request.isPending}>
                <BusyButton busy={request.isPending} className="btn-primary sm:w-auto">
                  Send request
                </BusyButton>
              </ModalActions>
            </form>
          )}
        </Modal>
      )}
    </>
  );
}
