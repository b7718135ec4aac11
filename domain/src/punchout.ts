import { z } from 'zod';
import { paginationQuery } from './envelope.ts';

/**
 * Issue 34: PunchOut. A buyer's procurement system (SAP Ariba, Coupa: cXML 1.2; SAP SRM and
 * S/4HANA: OCI 5.0) opens a shopping session in the shop for one company's user, and takes the
 * cart back into its own requisition.
 */
export const PUNCHOUT_PROTOCOLS = ['cxml', 'oci'] as const;
export type PunchoutProtocol = (typeof PUNCHOUT_PROTOCOLS)[number];

export const punchoutProtocolLabels: Record<PunchoutProtocol, string> = {
  cxml: 'cXML 1.2 (Ariba, Coupa)',
  oci: 'OCI 5.0 (SAP)',
};

/** The currency of every price the shop sends (the shop sells in dollars). */
export const SHOP_CURRENCY = 'USD';

/** A shared secret typed by people on both sides: long enough not to be guessed online. */
export const PUNCHOUT_SECRET_MIN = 12;

export const punchoutMessages = {
  companyRequired: 'Choose a company',
  identityRequired: 'Identity is Required',
  domainRequired: 'Domain is Required for cXML',
  secretTooShort: `The shared secret must be at least ${PUNCHOUT_SECRET_MIN} characters`,
  emailRequired: 'Email is Required',
  notFound: 'No such PunchOut connection',
  companyNotFound: 'No such company',
  notAMember: (email: string) =>
    `${email} is not a member of this company: invite them first, then connect`,
  taken: 'A connection with this domain and identity exists already',
  created: (name: string) => `PunchOut connection "${name}" created`,
  deleted: (name: string) => `PunchOut connection "${name}" deleted`,
  notPunchout: 'This is not a PunchOut session',
  sessionOver: 'This PunchOut session is over: start again from your procurement system',
  startUsed: 'This PunchOut link was used or has expired: start again from your procurement system',
  ociLoginRefused: 'Unknown user name or password for PunchOut',
  hookUrlRequired: 'HOOK_URL: an http(s) address is required',
};

const trimmed = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

export const createPunchoutConnectionRequest = z
  .object({
    companyId: z.uuid({ message: punchoutMessages.companyRequired }),
    protocol: z.enum(PUNCHOUT_PROTOCOLS, { error: 'protocol: cxml or oci' }),
    /** The name the cart's button shows ("Return cart to …"); the identity when empty. */
    name: trimmed(80).optional(),
    /** cXML: the From credential's `domain` (NetworkID, DUNS…); not used by OCI. */
    fromDomain: trimmed(100).default(''),
    /** cXML: the From credential's Identity; OCI: the login's USERNAME. */
    fromIdentity: trimmed(200).min(1, punchoutMessages.identityRequired),
    /** cXML: the Sender's SharedSecret; OCI: the login's PASSWORD. Only its hash is kept. */
    sharedSecret: z
      .string({ error: punchoutMessages.secretTooShort })
      .min(PUNCHOUT_SECRET_MIN, punchoutMessages.secretTooShort)
      .max(200, 'sharedSecret: at most 200 characters'),
    /** The company member whose account the punchout sessions shop as. */
    userEmail: z.string().trim().toLowerCase().email(punchoutMessages.emailRequired).max(254),
  })
  .strict()
  .refine((body) => body.protocol === 'oci' || body.fromDomain.length > 0, {
    message: punchoutMessages.domainRequired,
    path: ['fromDomain'],
  });
export type CreatePunchoutConnectionRequest = z.infer<typeof createPunchoutConnectionRequest>;
/** What the form holds before parsing (`fromDomain` may be left out for OCI). */
export type CreatePunchoutConnectionInput = z.input<typeof createPunchoutConnectionRequest>;

/** A connection as the admin page lists it: never the secret. */
export const punchoutConnection = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  protocol: z.enum(PUNCHOUT_PROTOCOLS),
  fromDomain: z.string(),
  fromIdentity: z.string(),
  userEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When a punchout session of it last started; null: never. */
  lastStartedAt: z.string().nullable(),
});
export type PunchoutConnection = z.infer<typeof punchoutConnection>;

export const punchoutConnectionsQuery = paginationQuery
  .pick({ limit: true, cursor: true })
  .strict();
export const punchoutConnectionIdParams = z.object({
  id: z.uuid({ message: punchoutMessages.notFound }),
});

/** The signed-in session's punchout, for the cart's button; `active: false` outside one. */
export const punchoutSessionState = z.object({
  active: z.boolean(),
  protocol: z.enum(PUNCHOUT_PROTOCOLS).nullable(),
  /** "Return cart to {systemName}". */
  systemName: z.string().nullable(),
});
export type PunchoutSessionState = z.infer<typeof punchoutSessionState>;
