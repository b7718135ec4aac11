import { createHash, randomBytes } from 'node:crypto';
import {
  type CompanyRole,
  companyMessages,
  INVITATION_DAYS,
  INVITATIONS_PER_DAY,
  type Invitation,
  type InviteRequest,
} from '@proper-parts/domain/companies';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { companyInvitations } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import type { Actor } from '../auth/actor.ts';
import { type Membership, membershipOf } from './company-access.ts';
import { alreadyInCompany, assertMayJoin } from './company-repository.ts';

type Status = Invitation['status'];

/** Only the SHA-256 of a token is stored: a copy of the database opens no company. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const statusSql = sql<Status>`case
    when ${companyInvitations.revokedAt} is not null then 'revoked'
    when ${companyInvitations.acceptedAt} is not null then 'accepted'
    when ${companyInvitations.expiresAt} <= now() then 'expired'
    else 'open' end`;

interface InvitationRow {
  id: string;
  email: string;
  role: CompanyRole;
  orderLimitCents: number | string | null;
  status: Status;
  expiresAt: string | Date;
  createdAt: string | Date;
}

const toInvitation = (row: InvitationRow): Invitation => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  orderLimit: row.orderLimitCents === null ? null : Number(row.orderLimitCents) / 100,
  status: row.status,
  expiresAt: new Date(row.expiresAt).toISOString(),
  createdAt: new Date(row.createdAt).toISOString(),
});

const invitationColumns = {
  id: companyInvitations.id,
  email: companyInvitations.email,
  role: companyInvitations.role,
  orderLimitCents: companyInvitations.orderLimitCents,
  status: statusSql,
  expiresAt: companyInvitations.expiresAt,
  createdAt: companyInvitations.createdAt,
};

/**
 * A company admin invites a colleague: returns the invitation and the token to mail (never
 * stored). A newer invitation to the same address withdraws the open one before it.
 */
export async function createInvitation(
  db: Database,
  membership: Membership,
  input: InviteRequest,
): Promise<{ invitation: Invitation; token: string }> {
  const [member] = await rowsOf<{ n: number }>(
    db,
    sql`select 1 as n from company_members m join "user" u on u.id = m.user_id
      where lower(u.email) = ${input.email}`,
  );
  if (member) throw new AppError('CONFLICT', companyMessages.invitationAlreadyMember);
  // Each invitation is a mail sent from the shop's address: a company may not flood a mailbox.
  const [sent] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from company_invitations
      where company_id = ${membership.companyId} and created_at > now() - interval '1 day'`,
  );
  if (Number(sent?.n ?? 0) >= INVITATIONS_PER_DAY)
    throw new AppError('TOO_MANY_REQUESTS', companyMessages.tooManyInvitations);
  const token = randomBytes(32).toString('base64url');
  const limit = input.role === 'buyer' && input.orderLimit != null ? input.orderLimit : null;
  const invitation = await db.transaction(async (tx) => {
    await tx.execute(
      sql`update company_invitations set revoked_at = now()
        where company_id = ${membership.companyId} and email = ${input.email}
          and accepted_at is null and revoked_at is null and expires_at > now()`,
    );
    const [row] = await rowsOf<InvitationRow>(
      tx,
      sql`insert into company_invitations
          (company_id, email, role, order_limit_cents, token_hash, invited_by, expires_at)
        values (${membership.companyId}, ${input.email}, ${input.role},
          ${limit === null ? null : Math.round(limit * 100)}, ${hashToken(token)},
          ${membership.userId}, now() + ${INVITATION_DAYS} * interval '1 day')
        returning id, email, role, order_limit_cents as "orderLimitCents", 'open' as status,
          expires_at as "expiresAt", created_at as "createdAt"`,
    );
    return toInvitation(row as InvitationRow);
  });
  return { invitation, token };
}

/** Newest first (`company_invitations_company_idx`), whatever their status. */
const bySent = { createdAt: companyInvitations.createdAt, id: companyInvitations.id };

export async function listInvitations(db: Database, companyId: string, page: PaginationQuery) {
  const ofCompany = eq(companyInvitations.companyId, companyId);
  const rows = await db
    .select({ ...invitationColumns, cursorAt: cursorAt(bySent) })
    .from(companyInvitations)
    .where(page.cursor ? and(ofCompany, afterCursor(bySent, page.cursor)) : ofCompany)
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return pageOf(rows, page.limit, toInvitation, (row) => row.id);
}

async function invitationIn(db: Queryable, companyId: string, id: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(companyInvitations)
    .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId)));
  if (!row) throw new AppError('NOT_FOUND', 'Invitation not found');
  return toInvitation(row);
}

/** Withdraws an invitation of the admin's own company; its link stops working at once. */
export async function revokeInvitation(
  db: Database,
  companyId: string,
  id: string,
): Promise<Invitation> {
  await db.execute(
    sql`update company_invitations set revoked_at = now()
      where id = ${id} and company_id = ${companyId} and accepted_at is null
        and revoked_at is null`,
  );
  const invitation = await invitationIn(db, companyId, id);
  if (invitation.status === 'accepted')
    throw new AppError('CONFLICT', companyMessages.invitationUsed);
  return invitation;
}

interface TokenRow {
  id: string;
  companyId: string;
  companyName: string;
  email: string;
  role: CompanyRole;
  orderLimitCents: number | string | null;
  status: Status;
}

async function invitationOfToken(db: Queryable, token: string): Promise<TokenRow> {
  const [row] = await rowsOf<TokenRow>(
    db,
    sql`select i.id, i.company_id as "companyId", c.name as "companyName", i.email, i.role,
        i.order_limit_cents as "orderLimitCents",
        case when i.revoked_at is not null then 'revoked'
          when i.accepted_at is not null then 'accepted'
          when i.expires_at <= now() then 'expired' else 'open' end as status
      from company_invitations i join companies c on c.id = i.company_id
      where i.token_hash = ${hashToken(token)}`,
  );
  if (!row) throw new AppError('INVALID', companyMessages.invitationInvalid);
  return row;
}

/** What a link invites to, for the page it opens (before the invitee accepts). */
export async function previewInvitation(db: Database, token: string) {
  const row = await invitationOfToken(db, token);
  return { companyName: row.companyName, email: row.email, role: row.role, status: row.status };
}

function refuseUnless(status: Status) {
  if (status === 'accepted') throw new AppError('CONFLICT', companyMessages.invitationUsed);
  if (status === 'revoked') throw new AppError('CONFLICT', companyMessages.invitationRevoked);
  if (status === 'expired') throw new AppError('CONFLICT', companyMessages.invitationExpired);
}

/**
 * Accepts an invitation once: one guarded UPDATE takes it (two accepts of the same link cannot
 * both match `accepted_at is null`), and the membership is written in the same transaction (a
 * second company breaks company_members' primary key, and the invitation stays open). Opening
 * the mailed link signed in to the invited address proves the mailbox, as the confirmation
 * link does (decisions.md, Accounts): the address is confirmed in the same transaction.
 */
export async function acceptInvitation(
  db: Database,
  actor: Actor,
  token: string,
  adminEmails: readonly string[],
) {
  assertMayJoin(actor, adminEmails);
  const found = await invitationOfToken(db, token);
  if (found.email.toLowerCase() !== actor.email.toLowerCase())
    throw new AppError('FORBIDDEN', companyMessages.invitationOtherEmail(found.email));
  refuseUnless(found.status);
  if (await membershipOf(db, actor.id))
    throw new AppError('CONFLICT', companyMessages.alreadyInCompany);
  try {
    await db.transaction(async (tx) => {
      const [taken] = await rowsOf<TokenRow>(
        tx,
        sql`update company_invitations set accepted_at = now(), accepted_by = ${actor.id}
          where token_hash = ${hashToken(token)} and accepted_at is null
            and revoked_at is null and expires_at > now()
          returning id, company_id as "companyId", role, order_limit_cents as "orderLimitCents"`,
      );
      if (!taken) {
        // Taken, withdrawn or expired since it was read: say which.
        refuseUnless((await invitationOfToken(tx, token)).status);
        throw new AppError('CONFLICT', companyMessages.invitationUsed);
      }
      await tx.execute(
        sql`insert into company_members (user_id, company_id, role, order_limit_cents)
          values (${actor.id}, ${taken.companyId}, ${taken.role}, ${taken.orderLimitCents})`,
      );
      await tx.execute(
        sql`update "user" set email_verified = true, updated_at = now()
          where id = ${actor.id} and email_verified = false`,
      );
    });
  } catch (error) {
    if (alreadyInCompany(error)) throw new AppError('CONFLICT', companyMessages.alreadyInCompany);
    throw error;
  }
  return found;
}
