import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordRequest, forgotPasswordRequest } from '@proper-parts/domain/auth';
import { messages } from '@proper-parts/domain/messages';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { paths } from '../../../config/paths';
import { authClient } from '../auth-client';
import { authFailureOf } from '../auth-failure';
import { AuthField } from './auth-field';
import { BusyButton } from './busy-button';
import { FormAlert } from './form-alert';

type ForgotPasswordDialogProps = {
  onClose: () => void;
  /** Pre-fills the email, e.g. with what was typed into the sign-in form. */
  defaultEmail?: string;
};

/**
 * The sign-in page's forgot-password modal (spec §2): mails a reset link that leads to
 * /reset-password, then closes with the toast 'Email Sent!'. It opens when mounted: render it
 * only while open, so that its "Email" field is not a second one on the page the rest of the time.
 */
export function ForgotPasswordDialog({ onClose, defaultEmail = '' }: ForgotPasswordDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { email: defaultEmail },
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Closing the native dialog (not just unmounting it) hands focus back to "Forgot password?".
  const close = () => dialogRef.current?.close();

  const onSubmit = handleSubmit(async ({ email }) => {
    const failure = await authFailureOf(() =>
      authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword }),
    );
    if (failure) {
      setError('root', { message: failure });
      return;
    }
    toast.success(messages.emailSent);
    close();
  });

  return (
    // Every way of closing (Escape, the backdrop, Cancel, success) ends in the dialog's close event.
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="forgot-password-title"
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id="forgot-password-title" className="text-xl font-bold">
          Forgot password
        </h2>
        <p className="mt-2 text-sm text-base-content/70">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
        <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
          <AuthField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <FormAlert message={errors.root?.message} />
          <div className="modal-action mt-2 flex-col-reverse gap-2 sm:flex-row">
            <button type="button" className="btn btn-ghost" onClick={close}>
              Cancel
            </button>
            <BusyButton busy={isSubmitting} className="btn-primary sm:w-auto">
              Send reset link
            </BusyButton>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}
