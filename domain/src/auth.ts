import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { messages } from './messages.ts';

/** The spec's email pattern (§5): lowercase letters or digits, @, lowercase letters, a 2–3 letter ending. */
export const EMAIL_PATTERN = /^[a-z0-9]+@[a-z]+\.[a-z]{2,3}$/;

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);

export const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort);

export const signInRequest = z.object({ email: emailField, password: passwordField });
export type SignInRequest = z.infer<typeof signInRequest>;

export const signUpRequest = z.object({
  name: z
    .string({ error: messages.nameRequired })
    .trim()
    .min(1, messages.nameRequired)
    .max(80, 'Name must be at most 80 characters'),
  email: emailField,
  password: passwordField,
});
export type SignUpRequest = z.infer<typeof signUpRequest>;

export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z.object({ password: passwordField });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** Which "Continue with …" provider the server offers: Google, another OIDC provider, or none. */
export const authOptions = z.object({
  social: z.object({ id: z.enum(['google', 'oidc']), name: z.string() }).nullable(),
});
export type AuthOptions = z.infer<typeof authOptions>;
