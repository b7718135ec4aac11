import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpRequest, signUpRequest } from '@proper-parts/domain/auth';
import { messages } from '@proper-parts/domain/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { authClient } from '../auth-client';
import { authFailureOf } from '../auth-failure';

/**
 * Sign-up by name, email and password. The new account is signed in at once (a toast says a
 * confirmation mail is on its way); the page's redirect takes the user home when the session
 * arrives, so the button stays busy until then.
 */
export function SignUpForm() {
  const [signedUp, setSignedUp] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpRequest>({
    resolver: zodResolver(signUpRequest),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    const failure = await authFailureOf(() => authClient.signUp.email({ name, email, password }));
    if (failure) {
      setError('root', { message: failure });
      return;
    }
    // Customers shop before confirming; the mail is on its way (decisions.md, Accounts).
    toast.success(messages.confirmationMailSent, {
      description: `Sent to ${email.trim().toLowerCase()}`,
    });
    setSignedUp(true);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField
        label="Name"
        type="text"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <BusyButton busy={isSubmitting || signedUp}>Sign Up</BusyButton>
      <FormAlert message={errors.root?.message} />
    </form>
  );
}
