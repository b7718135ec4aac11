import { createHash, randomBytes } from 'node:crypto';
import type { PunchoutProtocol, PunchoutSessionState } from '@proper-parts/domain/punchout';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryNamedSql } from '../../db/named-statement.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { ActiveConnection } from './connection-store.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Opens a punchout for `connection`: a one-time start token (256 random bits; only its SHA-256
 * is kept) good for `ttlMinutes`, the buyer cookie and the address the cart goes back to.
 */
export async function openPunchout(
  db: Queryable,
  connection: ActiveConnection,
  input: { buyerCookie: string | null; returnUrl: string },
  ttlMinutes: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.execute(sql`insert into punchout_sessions
      (connection_id, user_id, start_token_hash, buyer_cookie, return_url, expires_at)
    values (${connection.id}, ${connection.userId}, ${sha256(token)}, ${input.buyerCookie},
      ${input.returnUrl}, now() + make_interval(mins => ${ttlMinutes}::int))`);
  return token;
}

/**
 * Takes a start token: once, before it expires, while its connection lives and its user is still
 * a member of the connection's company. One guarded update, so two browsers racing for the same
 * link cannot both get in. The user whose session to open, or null.
 */
export async function takeStartToken(
  db: Queryable,
  token: string,
): Promise<{ id: string; userId: string } | null> {
  const [row] = await rowsOf<{ id: string; userId: string }>(
    db,
    sql`update punchout_sessions s set used_at = now()
      from punchout_connections c, company_members m
      where s.start_token_hash = ${sha256(token)} and s.used_at is null
        and s.expires_at > now() and c.id = s.connection_id and c.deleted_at is null
        and m.user_id = s.user_id and m.company_id = c.company_id
      returning s.id, s.user_id as "userId"`,
  );
  return row ?? null;
}

/** Marks the punchout as the one this shop session belongs to (the cart's button reads it). */
export async function attachShopSession(db: Queryable, punchoutId: string, sessionToken: string) {
  await db.execute(sql`update punchout_sessions set auth_session_token_hash = ${sha256(sessionToken)}
    where id = ${punchoutId}`);
}

interface LivePunchout {
  id: string;
  protocol: PunchoutProtocol;
  systemName: string;
  buyerCookie: string | null;
  returnUrl: string;
  userId: string;
}

/** The punchout this shop session is in, while its cart has not gone back; null outside one. */
export async function livePunchoutOf(
  db: Queryable,
  sessionToken: string,
): Promise<LivePunchout | null> {
  const [row] = await rowsOf<LivePunchout>(
    db,
    sql`select s.id, c.protocol, c.name as "systemName", s.buyer_cookie as "buyerCookie",
        s.return_url as "returnUrl", s.user_id as "userId"
      from punchout_sessions s join punchout_connections c on c.id = s.connection_id
      where s.auth_session_token_hash = ${sha256(sessionToken)} and s.returned_at is null
        and c.deleted_at is null
      order by s.created_at desc limit 1`,
  );
  return row ?? null;
}

export async function punchoutStateOf(
  db: Queryable,
  sessionToken: string,
): Promise<PunchoutSessionState> {
  const live = await livePunchoutOf(db, sessionToken);
  return live
    ? { active: true, protocol: live.protocol, systemName: live.systemName }
    : { active: false, protocol: null, systemName: null };
}

/** A cart line as it goes back to the procurement system. */
export interface ReturnedLine {
  sku: string;
  name: string;
  quantity: number;
  unitCents: number;
  mpn: string;
  brand: string;
  unspsc: string | null;
}

/**
 * Ends the punchout and takes its cart: the lines priced by `pp_unit_price_cents` (the price
 * function every order uses, so the company's prices and volume breaks), each with the UNSPSC code
 * of its category or the nearest parent that has one. The cart is emptied: the requisition now
 * lives in the procurement system, and a PO comes back as an OrderRequest (cXML) or through the
 * buyer's own channel (OCI). One transaction: ended and emptied together, or neither.
 */
export async function returnPunchoutCart(
  db: Database,
  punchout: LivePunchout,
): Promise<ReturnedLine[] | null> {
  return db.transaction(async (tx) => {
    const ended = await rowsOf<{ id: string }>(
      tx,
      sql`update punchout_sessions set returned_at = now()
        where id = ${punchout.id} and returned_at is null returning id`,
    );
    if (ended.length === 0) return null;
    const lines = await queryNamedSql<ReturnedLine>(
      tx,
      'punchout-returned-lines',
      sql`select p.sku, p.name, c.quantity,
          (select u.cents from pp_buyer_unit_price(p.id, p.price_cents, c.quantity, c.user_id) u) as "unitCents",
          coalesce(p.mpn, '') as mpn, coalesce(b.name, '') as brand,
          coalesce(c1.unspsc, c2.unspsc, c3.unspsc) as unspsc
        from cart_lines c
        join products p on p.id = c.product_id
        left join brands b on b.id = p.brand_id
        left join categories c1 on c1.id = p.category_id
        left join categories c2 on c2.id = c1.parent_id
        left join categories c3 on c3.id = c2.parent_id
        where c.user_id = ${punchout.userId} and p.deleted_at is null
        order by c.added_at, p.id`,
    );
    await tx.execute(sql`delete from cart_lines where user_id = ${punchout.userId}`);
    return lines.map((line) => ({ ...line, unitCents: Number(line.unitCents) }));
  });
}
