import { BusyButton } from './busy-button';
import { FormAlert } from './form-alert';
import { Modal, ModalActions } from './modal';

interface ConfirmModalProps {
  title: string;
  description: string;
  /** The red button's words ("Yes, revoke key"). */
  confirmLabel: string;
  /** The other button's words ("Keep key"). */
  cancelLabel: string;
  busy: boolean;
  /** The refusal of the last try, shown above the buttons. */
  error?: string;
  /** Does the thing; the modal closes once it resolves, and stays open (with `error`) if it throws. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A question before something that cannot be undone (revoke a key, delete a connection). */
export function ConfirmModal({
  title,
  description,
  confirmLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal title={title} description={description} onClose={onClose}>
      {({ close }) => (
        <>
          <FormAlert message={error} />
          <ModalActions onCancel={close} cancelDisabled={busy} cancelLabel={cancelLabel}>
            <BusyButton
              type="button"
              busy={busy}
              className="btn-error sm:w-auto"
              onClick={async () => {
                try {
                  await onConfirm();
                  close();
                } catch {
                  // `error` shows in the modal.
                }
              }}
            >
              {confirmLabel}
            </BusyButton>
          </ModalActions>
        </>
      )}
    </Modal>
  );
}
