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

export const DISPLAY_NAME_MAX_LENGTH = 80;
export const PHOTO_URL_MAX_LENGTH = 500;

/** A display name, as sign-up and the profile's identity update both take it. */
const displayName = (notText: string) =>
  z.string({ error: notText }).trim().max(DISPLAY_NAME_MAX_LENGTH, messages.nameTooLong);

export const photoUrlField = z
  .string({ error: messages.photoUrlInvalid })
  .trim()
  .max(PHOTO_URL_MAX_LENGTH, messages.photoUrlTooLong);

/**
 * The identity service's own profile update (better-auth `update-user`): the display name and
 * photo. The server checks it in front of better-auth; the profile form extends it.
 */
export const updateIdentityRequest = z.object({
  name: displayName(messages.nameNotText).optional(),
  image: photoUrlField.nullish(),
});

export const signUpRequest = z.object({
  name: displayName(messages.nameRequired).min(1, messages.nameRequired),
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
