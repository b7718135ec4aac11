import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { messages } from './messages.ts';
import { isPhotoUrl } from './photo-url.ts';

/**
 * The usual address form (decisions.md, Email addresses), not the spec's narrower pattern:
 * dots, hyphens, plus and underscores in the local part (no leading, trailing or double dot);
 * subdomains; hyphens inside domain labels; any ending of two letters or more. Checked after
 * the address is trimmed and lower-cased, which is how it is stored.
 */
export const EMAIL_PATTERN =
  /^[a-z0-9_%+-]+(\.[a-z0-9_%+-]+)*@([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .toLowerCase()
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

/**
 * Control and format characters (newlines, bidi overrides, zero-width tricks) and line or
 * paragraph separators: a display name travels into mails and other people's screens.
 * Zero-width (non-)joiners stay allowed: names and emoji in several scripts need them.
 */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\p{Co}\p{Cs}]|(?![\u200c\u200d])\p{Cf}/u;

/** A display name, as sign-up and the profile's identity update both take it: one line of text. */
const displayName = (notText: string) =>
  z
    .string({ error: notText })
    .trim()
    .max(DISPLAY_NAME_MAX_LENGTH, messages.nameTooLong)
    .refine((name) => !NOT_ONE_LINE.test(name), messages.nameOneLine);

export const photoUrlField = z
  .string({ error: messages.photoUrlInvalid })
  .trim()
  .max(PHOTO_URL_MAX_LENGTH, messages.photoUrlTooLong)
  // Empty clears the photo.
  .refine((url) => url === '' || isPhotoUrl(url), messages.photoUrlInvalid);

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

/**
 * Confirming an address from the mailed link: signed in to that account, or with its password
 * typed on the page the link opens. It never signs anyone in.
 */
export const emailConfirmationRequest = z.object({
  token: z.string({ error: messages.confirmationLinkInvalid }).min(1).max(4000),
  password: z.string().max(1000).optional(),
});
export type EmailConfirmationRequest = z.infer<typeof emailConfirmationRequest>;

export const emailConfirmationResponse = z.object({
  email: z.string(),
  confirmed: z.literal(true),
});
export type EmailConfirmationResponse = z.infer<typeof emailConfirmationResponse>;
