import { zodResolver } from '@hookform/resolvers/zod';
import { type SignInRequest, signInRequest } from '@proper-parts/domain/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { authClient } from '../auth-client';
import { authFailureOf } from '../auth-failure';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/**
 * Email-and-password sign-in. On success the session refreshes and the page's redirect takes
 * the user on, so the button stays busy until then.
 */
export function SignInForm() {
  const [signedIn, setSignedIn] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInRequest>({
    resolver: zodResolver(signInRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const failure = await authFailureOf(() => authClient.signIn.email({ email, password }));
    if (failure) {
      setError('root', { message: failure });
      return;
    }
    setSignedIn(true);
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
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
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            <button
              type="button"
              className="link link-primary text-sm no-underline hover:underline"
              onClick={() => setForgotOpen(true)}
            >
              Forgot password?
            </button>
          }
          {...register('password')}
        />
        <BusyButton busy={isSubmitting || signedIn}>Sign In</BusyButton>
        <FormAlert message={errors.root?.message} />
      </form>
      {forgotOpen && (
        <ForgotPasswordDialog
          onClose={() => setForgotOpen(false)}
          defaultEmail={getValues('email')}
        />
      )}
    </>
  );
}
