import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type ApiKeySummary,
  type ApiScope,
  apiKeyMessages,
  type CreateApiKeyRequest,
} from '@proper-parts/domain/api-keys';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { apiKeys, user } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import type { KeyCaller } from '../auth/actor.ts';

/** `ppk_` + 16 hex digits to find the key by + 43 base64url characters (256 random bits). */
const KEY_FORMAT = /^ppk_([0-9a-f]{16})_[A-Za-z0-9_-]{43}$/;

/** The key in an `Authorization: Bearer ppk_…` header, or undefined (a session token, nothing). */
export function apiKeyOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(ppk_\S*)$/i.exec(authorization ?? '');
  return match?.[1];
}

const sha256 = (key: string) => createHash('sha256').update(key).digest();

/**
 * A new key: SHA-256 is enough for 256 random bits (nothing to guess, so no slow hash), and
 * only the hash is kept. The key is in the answer, and nowhere else.
 */
export async function createApiKey(
  db: Database,
  actor: AuditActor,
  { name, scopes }: CreateApiKeyRequest,
): Promise<{ id: string; key: string }> {
  const createdBy = actor.id;
  if (!createdBy) throw new Error('an API key is made by a signed-in admin');
  const prefix = randomBytes(8).toString('hex');
  const key = `ppk_${prefix}_${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ name, prefix, keyHash: sha256(key).toString('hex'), scopes, createdBy })
      .returning({ id: apiKeys.id });
    if (!row) throw new Error('api key not stored');
    // The entry names the key by its name and prefix; the key itself is nowhere but the answer.
    await recordAudit(tx, actor, {
      action: 'api-key.create',
      targetType: 'api-key',
      targetId: row.id,
      summary: `API key "${name}" (ppk_${prefix}) for ${scopes.join(', ')}`,
      after: { name, prefix, scopes },
    });
    return { id: row.id, key };
  });
}

/**
 * The caller behind `key`, or null: unknown, revoked, or its maker no longer an admin. Found by
 * its prefix, then the hashes compared in constant time. Read from the database on every call (no
 * cache), so a revoke is refused by every process at once.
 */
export async function findApiKey(db: Database, key: string): Promise<KeyCaller | null> {
  const prefix = KEY_FORMAT.exec(key)?.[1];
  if (!prefix) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      keyHash: apiKeys.keyHash,
      createdBy: apiKeys.createdBy,
    })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.createdBy))
    .where(
      and(
        eq(apiKeys.prefix, prefix),
        isNull(apiKeys.revokedAt),
        eq(user.role, 'admin'),
        sql`${user.banned} is not true`,
      ),
    );
  if (!row) return null;
  const stored = Buffer.from(row.keyHash, 'hex');
  const given = sha256(key);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  return { id: row.id, name: row.name, scopes: row.scopes as ApiScope[], createdBy: row.createdBy };
}

const TOUCH_EVERY_MS = 60_000;
const touched = new Map<string, number>();

/** Notes that the key was used: at most once a minute per key and process, never waited for. */
export function noteKeyUse(db: Database, id: string, now = Date.now()) {
  if ((touched.get(id) ?? 0) > now - TOUCH_EVERY_MS) return Promise.resolve();
  if (touched.size > 10_000) touched.clear();
  touched.set(id, now);
  return db.execute(
    sql`update api_keys set last_used_at = now() where id = ${id}
      and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
  );
}

interface SummaryRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdBy: string | null;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
  revokedAt: Date | string | null;
  cursorAt: string;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** Every key, the newest first (revoked ones too, marked): keyset pages. */
export async function listApiKeys(
  db: Database,
  { limit, cursor }: { limit: number; cursor?: string },
) {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdBy: user.email,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      cursorAt: cursorAt(apiKeys),
    })
    .from(apiKeys)
    .leftJoin(user, eq(user.id, apiKeys.createdBy))
    .where(cursor ? afterCursor(apiKeys, cursor) : undefined)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit + 1);
  return pageOf(
    rows as SummaryRow[],
    limit,
    (row): ApiKeySummary => ({
      id: row.id,
      name: row.name,
      prefix: `ppk_${row.prefix}`,
      scopes: row.scopes as ApiScope[],
      createdBy: row.createdBy,
      createdAt: iso(row.createdAt) as string,
      lastUsedAt: iso(row.lastUsedAt),
      revokedAt: iso(row.revokedAt),
    }),
    (row) => row.id,
  );
}

/**
 * Revokes the key (kept, marked, for the list), with its audit entry; revoking it again changes
 * nothing and records nothing.
 */
export async function revokeApiKey(db: Database, actor: AuditActor, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ name: string; prefix: string; revoked: boolean }>(
      tx,
      sql`with before as (select id, revoked_at is null as live from api_keys where id = ${id} for update)
        update api_keys k set revoked_at = coalesce(k.revoked_at, now()) from before
        where k.id = before.id
        returning k.name, k.prefix, before.live as revoked`,
    );
    if (!row) throw new AppError('NOT_FOUND', apiKeyMessages.notFound);
    if (row.revoked)
      await recordAudit(tx, actor, {
        action: 'api-key.revoke',
        targetType: 'api-key',
        targetId: id,
        summary: `API key "${row.name}" (ppk_${row.prefix}) revoked`,
        before: { revokedAt: null },
      });
    return row.name;
  });
}
