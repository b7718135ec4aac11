/** The web's own auth messages (the spec's are in @proper-parts/domain/messages). */
export const authMessages = {
  socialNotConfigured: 'Google sign-in is not configured on this server',
  passwordChanged: 'Your password has been changed. Please sign in.',
  invalidResetLink: 'This reset link is invalid or has expired.',
} as const;
