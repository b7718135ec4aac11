import type { MailMessage } from '../mail/mailer.ts';

/*
 * The identity mails. They carry no text a user typed (a display name could hold a URL or a
 * forged instruction, sent from the shop's own address), only the link we made.
 */

export function confirmationMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your Proper Parts email',
    text: [
      'Welcome to Proper Parts.',
      '',
      'To confirm that this address is yours, open this link while signed in to your account, or type your password on the page it opens (it works for one hour):',
      '',
      url,
      '',
      'Did not sign up? Then someone else typed your address. Do not confirm it. If you want an account with this address, use "Forgot password?" on the sign-in page: the reset link we mail you makes the account yours and signs everyone else out.',
      '',
    ].join('\n'),
  };
}

export function resetMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your Proper Parts password',
    text: [
      'Someone asked to reset the password of your Proper Parts account. Open this link to choose a new one (it works for one hour):',
      '',
      url,
      '',
      'Choosing a new password also confirms your email address and signs out every other device.',
      'If it was not you, ignore this mail; your password stays as it is.',
      '',
    ].join('\n'),
  };
}
