import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import {
  type CreatePunchoutConnectionRequest,
  type PunchoutConnection,
  type PunchoutProtocol,
  punchoutMessages,
} from '@proper-parts/domain/punchout';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/pg-errors.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { punchoutConnections } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';

const scryptAsync = promisify(scrypt) as (
  secret: string,
  salt: Buffer,
  length: number,
) => Promise<Buffer>;

/**
 * A shared secret is typed by people and may be short of random: it is kept as a salted scrypt
 * hash (node's defaults, N=16384), which costs a guesser ~30 ms a try if the table ever leaks.
 * It is only ever compared, so nothing else is kept.
 */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(secret, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether `secret` is the one hashed in `stored`, compared in constant time. */
export async function secretMatches(secret: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const given = await scryptAsync(secret, Buffer.from(salt, 'base64'), expected.length);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Hashed when an identity is unknown, so that an unknown one takes as long as a wrong secret. */
const DECOY = hashSecret(randomBytes(16).toString('hex'));

/** What a punchout needs of its connection: whose account it shops as, and for whom. */
export interface ActiveConnection {
  id: string;
  name: string;
  protocol: PunchoutProtocol;
  companyId: string;
  userId: string;
  userName: string;
  userEmail: string;
}

/**
 * The connection these credentials open, or null: unknown identity, wrong secret, deleted, or
 * its user no longer a member of its company (or banned, or made an admin, who does not buy).
 */
export async function findConnection(
  db: Queryable,
  protocol: PunchoutProtocol,
  credential: { domain: string; identity: string; secret: string },
): Promise<ActiveConnection | null> {
  const [row] = await rowsOf<ActiveConnection & { secretHash: string }>(
    db,
    sql`select c.id, c.name, c.protocol, c.company_id as "companyId", c.user_id as "userId",
        u.name as "userName", u.email as "userEmail", c.secret_hash as "secretHash"
      from punchout_connections c
      join "user" u on u.id = c.user_id
      join company_members m on m.user_id = c.user_id and m.company_id = c.company_id
      where c.deleted_at is null and c.protocol = ${protocol}
        and lower(c.from_identity) = lower(${credential.identity})
        and (${protocol} = 'oci' or lower(c.from_domain) = lower(${credential.domain}))
        and u.role <> 'admin' and u.banned is not true`,
  );
  const matches = await secretMatches(credential.secret, row?.secretHash ?? (await DECOY));
  if (!row || !matches) return null;
  const { secretHash: _, ...connection } = row;
  return connection;
}

/**
 * A new connection. Its user must already be a member of the company (the company's own admins
 * invite people; a shop admin only connects one) and must not be a shop admin: admins do not buy.
 */
export async function createConnection(
  db: Queryable,
  createdBy: string,
  input: CreatePunchoutConnectionRequest,
): Promise<PunchoutConnection> {
  const [member] = await rowsOf<{ userId: string; role: string; companyName: string }>(
    db,
    sql`select u.id as "userId", u.role, co.name as "companyName"
      from companies co
      left join company_members m on m.company_id = co.id
      left join "user" u on u.id = m.user_id and u.email = ${input.userEmail}
      where co.id = ${input.companyId}
      order by u.id nulls last limit 1`,
  );
  if (!member) throw new AppError('NOT_FOUND', punchoutMessages.companyNotFound);
  if (!member.userId || member.role === 'admin')
    throw new AppError('INVALID', punchoutMessages.notAMember(input.userEmail));
  const secretHash = await hashSecret(input.sharedSecret);
  try {
    const [row] = await db
      .insert(punchoutConnections)
      .values({
        name: input.name || input.fromIdentity,
        companyId: input.companyId,
        protocol: input.protocol,
        fromDomain: input.protocol === 'oci' ? '' : input.fromDomain,
        fromIdentity: input.fromIdentity,
        secretHash,
        userId: member.userId,
        createdBy,
      })
      .returning({ id: punchoutConnections.id });
    if (!row) throw new Error('punchout connection not stored');
    const [created] = await connectionRows(db, sql`punchout_connections.id = ${row.id}`, 1);
    if (!created) throw new Error('punchout connection not read back');
    return toConnection(created);
  } catch (error) {
    if (postgresErrorOf(error)?.code === '23505')
      throw new AppError('CONFLICT', punchoutMessages.taken);
    throw error;
  }
}

interface ConnectionRow {
  id: string;
  name: string;
  companyId: string;
  companyName: string;
  protocol: PunchoutProtocol;
  fromDomain: string;
  fromIdentity: string;
  userEmail: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  lastStartedAt: Date | string | null;
  cursorAt: string;
}

const iso = (at: Date | string) => new Date(at).toISOString();

function toConnection(row: ConnectionRow): PunchoutConnection {
  return {
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    companyName: row.companyName,
    protocol: row.protocol,
    fromDomain: row.fromDomain,
    fromIdentity: row.fromIdentity,
    userEmail: row.userEmail,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    lastStartedAt: row.lastStartedAt === null ? null : iso(row.lastStartedAt),
  };
}

function connectionRows(db: Queryable, where: SQL, limit: number) {
  return rowsOf<ConnectionRow>(
    db,
    sql`select punchout_connections.id, punchout_connections.name, punchout_connections.company_id as "companyId", co.name as "companyName", punchout_connections.protocol,
        punchout_connections.from_domain as "fromDomain", punchout_connections.from_identity as "fromIdentity", u.email as "userEmail",
        punchout_connections.created_at as "createdAt", punchout_connections.updated_at as "updatedAt",
        (select max(s.created_at) from punchout_sessions s where s.connection_id = punchout_connections.id)
          as "lastStartedAt",
        ${cursorAt(punchoutConnections)} as "cursorAt"
      from punchout_connections
      join companies co on co.id = punchout_connections.company_id
      join "user" u on u.id = punchout_connections.user_id
      where punchout_connections.deleted_at is null and ${where}
      order by punchout_connections.created_at desc, punchout_connections.id desc
      limit ${limit}`,
  );
}

/** The live connections, newest first: keyset pages. */
export async function listConnections(
  db: Database,
  { limit, cursor }: { limit: number; cursor?: string },
) {
  const where = cursor
    ? afterCursor({ createdAt: punchoutConnections.createdAt, id: punchoutConnections.id }, cursor)
    : sql`true`;
  const rows = await connectionRows(db, where, limit + 1);
  return pageOf(rows, limit, toConnection, (row) => row.id);
}

/** Deletes (marks) a connection: its setups, logins and OrderRequests are refused from now on. */
export async function deleteConnection(db: Queryable, id: string): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`update punchout_connections set deleted_at = now(), updated_at = now()
      where id = ${id} and deleted_at is null returning name`,
  );
  if (!row) throw new AppError('NOT_FOUND', punchoutMessages.notFound);
  // Sessions not yet returned end with it.
  await db.execute(
    sql`update punchout_sessions set returned_at = now()
      where connection_id = ${id} and returned_at is null`,
  );
  return row.name;
}
