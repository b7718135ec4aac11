import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordRequest, forgotPasswordRequest } from '@proper-parts/domain/auth';
import { messages } from '@proper-parts/domain/messages';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { Modal, ModalActions } from '../../../components/modal';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { authClient } from '../auth-client';
import { authFailureOf } from '../auth-failure';

type ForgotPasswordDialogProps = {
  onClose: () => void;
  /** Pre-fills the email, e.g. with what was typed into the sign-in form. */
  defaultEmail?: string;
};

/**
 * The sign-in page's forgot-password modal (spec §2): mails a reset link that leads to
 * /reset-password, then closes with the toast 'Email Sent!'. Like every `Modal`, it opens when
 * mounted: render it only while open.
 */
export function ForgotPasswordDialog({ onClose, defaultEmail = '' }: ForgotPasswordDialogProps) {
  return (
    <Modal
      title="Forgot password"
      description="Enter the email of your account and we will send you a link to choose a new password."
      onClose={onClose}
    >
      {({ close }) => <ForgotPasswordForm defaultEmail={defaultEmail} close={close} />}
    </Modal>
  );
}

function ForgotPasswordForm({ defaultEmail, close }: { defaultEmail: string; close: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { email: defaultEmail },
  });

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
    <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormAlert message={errors.root?.message} />
      <ModalActions onCancel={close}>
        <BusyButton busy={isSubmitting} className="btn-primary sm:w-auto">
          Send reset link
        </BusyButton>
      </ModalActions>
    </form>
  );
}
