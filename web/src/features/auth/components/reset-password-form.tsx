import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetPasswordRequest, resetPasswordRequest } from '@proper-parts/domain/auth';
import { messages } from '@proper-parts/domain/messages';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { authClient } from '../auth-client';
import { authFailureOf } from '../auth-failure';

/** Sets a new password with the token from the mailed reset link, then sends the user to sign in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    const failure = await authFailureOf(() =>
      authClient.resetPassword({ newPassword: password, token }),
    );
    if (failure) {
      setError('root', { message: failure });
      return;
    }
    toast.success(messages.passwordChanged);
    navigate(paths.signIn, { replace: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <BusyButton busy={isSubmitting}>Save new password</BusyButton>
      <FormAlert message={errors.root?.message} />
    </form>
  );
}
