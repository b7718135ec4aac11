import type { MailMessage } from '../mail/mailer.ts';

/** To the endpoint's admin: it failed without a success for a day, and gets nothing more. */
export function endpointDisabledMail(to: string, url: string, afterMs: number): MailMessage {
  const hours = Math.round((afterMs / 3_600_000) * 10) / 10;
  return {
    to,
    subject: `Webhook endpoint disabled: ${url}`,
    text: `Hello,\n\nEvery delivery to the webhook endpoint ${url} has failed for ${hours} hours, so it has been disabled: no more events are sent to it. Its undelivered events are kept.\n\nOnce the receiver works again, open Webhooks in the shop's admin menu and resend a delivery: that enables the endpoint again, and what it missed follows.\n`,
  };
}
