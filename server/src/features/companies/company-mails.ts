import {
  type CompanyRole,
  companyRoleNames,
  INVITATION_DAYS,
} from '@proper-parts/domain/companies';
import type { Config } from '../../config.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The link an invitation mail carries: back to the trusted origin the admin invited from (where
 * the invitee's session cookie will live), PUBLIC_URL otherwise, as the confirmation mail does.
 */
export function invitationLink(config: Config, origin: string | undefined, token: string) {
  const base = origin && config.trustedOrigins.includes(origin) ? origin : config.PUBLIC_URL;
  return `${base}/company/join?token=${encodeURIComponent(token)}`;
}

/**
 * The mail carries no text a user typed (a company name could hold a URL or a forged
 * instruction, sent from the shop's own address): the page the link opens names the company.
 */
export function invitationMail(to: string, role: CompanyRole, url: string): MailMessage {
  return {
    to,
    subject: 'You are invited to a company account on Proper Parts',
    text: [
      `A company admin on Proper Parts invites you to join their company account as ${companyRoleNames[role]}.`,
      '',
      `Open this link to see the invitation and accept it (it works once, for ${INVITATION_DAYS} days). Sign in, or sign up, with this email address (${to}):`,
      '',
      url,
      '',
      'Accepting also confirms that this address is yours. Not expecting it? Ignore this mail; nothing happens.',
      '',
    ].join('\n'),
  };
}
