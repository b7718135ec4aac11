import { type ReactNode, useEffect, useId, useRef } from 'react';

type ModalProps = {
  /** The heading, and the dialog's accessible name. */
  title: string;
  /** A line under the title, also read as the dialog's description. */
  description?: ReactNode;
  /** Runs on every way of closing: Escape, the backdrop, or `close()` from the children. */
  onClose: () => void;
  /** Gets `close`, which shuts the native dialog so focus goes back to what opened it. */
  children: (controls: { close: () => void }) => ReactNode;
};

/**
 * A daisyUI modal on a native `<dialog>` that opens when mounted: render it only while open,
 * so that its fields are not on the page the rest of the time and its state starts afresh.
 */
export function Modal({ title, description, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    // StrictMode runs effects twice; showModal() on an open dialog throws.
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Closing the native dialog (not just unmounting it) hands focus back to the opener.
  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-2 text-sm text-base-content/70">
            {description}
          </p>
        )}
        {children({ close })}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}

type ModalActionsProps = {
  onCancel: () => void;
  /** E.g. while a save runs, so that it is not left half done. */
  cancelDisabled?: boolean;
  /** The main action, such as a `BusyButton`. */
  children: ReactNode;
  /** What dismissing means here ("Keep order" beside "Yes, cancel order"); "Cancel" by default. */
  cancelLabel?: string;
};

/** A modal's Cancel and its main action: side by side, or stacked with the action on top on phones. */
export function ModalActions({
  onCancel,
  cancelDisabled,
  children,
  cancelLabel = 'Cancel',
}: ModalActionsProps) {
  return (
    <div className="modal-action mt-2 flex-col-reverse gap-2 sm:flex-row">
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </button>
      {children}
    </div>
  );
}
