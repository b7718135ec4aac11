import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@proper-parts/domain/messages';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';

const passwordOnly = z.object({ password: z.string().min(1, messages.passwordRequired) });

interface ConfirmEmailFormProps {
  busy: boolean;
  /** The server's refusal of the last try (wrong password, expired link). */
  failure: string | undefined;
  onConfirm: (password: string) => void;
}

/** The account's password, typed on the page the mailed link opens, proves the account. */
export function ConfirmEmailForm({ busy, failure, onConfirm }: ConfirmEmailFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof passwordOnly>>({
    resolver: zodResolver(passwordOnly),
    defaultValues: { password: '' },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ password }) => onConfirm(password))}
      className="flex flex-col gap-4"
    >
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <BusyButton busy={busy}>Confirm my email</BusyButton>
      <FormAlert message={failure} />
    </form>
  );
}
