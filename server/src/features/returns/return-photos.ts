import { returnMessages } from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { registerRetentionSweep, sweepInBatches } from '../../plugins/periodic-sweep.ts';
import type { ImageStorage } from '../uploads/image-storage.ts';

/**
 * Issue 37: photos of a return. Stored through the upload path (uploads/: recognised by their
 * bytes, re-encoded as WebP with every piece of metadata dropped, camera GPS included) in a
 * directory of their own under the uploads (`returns/`), which `GET /uploads/<name>` never
 * serves: they are read through `GET /returns/{id}/photos/{name}` by the return's readers and
 * shop admins only.
 */

/** The URL a photo of return `id` is read at. */
export const returnPhotoUrl = (id: string, name: string) => `/api/v1/returns/${id}/photos/${name}`;

/** Records an uploaded photo as its uploader's, not yet on a return. */
export async function recordPhotoUpload(db: Queryable, name: string, userId: string) {
  await db.execute(sql`insert into return_photos (name, uploaded_by) values (${name}, ${userId})`);
}

/**
 * Puts the named photos on the return being made (in its transaction): each must have been
 * uploaded by the caller and be on no return yet, else 422 and the return is not made.
 */
export async function attachPhotos(
  tx: Queryable,
  userId: string,
  returnId: string,
  names: string[],
) {
  const wanted = [...new Set(names)];
  const attached = await rowsOf<{ name: string }>(
    tx,
    sql`update return_photos set return_id = ${returnId}
      where name = any(${sql.param(wanted)}::text[]) and uploaded_by = ${userId}
        and return_id is null
      returning name`,
  );
  if (attached.length !== wanted.length)
    throw new AppError('UNPROCESSABLE', returnMessages.photoUnknown);
}

/** The photos of the returns `ids`, oldest first, as URLs. */
export async function photosOf(db: Queryable, ids: string[]): Promise<Map<string, string[]>> {
  const rows = await rowsOf<{ returnId: string; name: string }>(
    db,
    sql`select return_id as "returnId", name from return_photos
      where return_id = any(${sql.param(ids)}::uuid[]) order by created_at, name`,
  );
  const byReturn = new Map<string, string[]>();
  for (const row of rows)
    byReturn.set(row.returnId, [
      ...(byReturn.get(row.returnId) ?? []),
      returnPhotoUrl(row.returnId, row.name),
    ]);
  return byReturn;
}

/** Whether `name` is a photo of return `id`. */
export async function isPhotoOf(db: Queryable, id: string, name: string): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from return_photos where return_id = ${id} and name = ${name})
      as found`,
  );
  return row?.found === true;
}

/** A photo uploaded but named by no return request is kept this long (the buyer may still ask). */
export const UNATTACHED_PHOTO_HOURS = 24;
const SWEEP_BATCH = 200;

/**
 * One batch of photos on no return, older than `hours`: their rows go first (`skip locked`: an
 * attach in flight keeps its photo, and processes sweeping at once take different rows), then
 * their files. A file left by a crash in between is never served: no row names it.
 */
export async function deleteUnattachedPhotosBatch(
  db: Queryable,
  storage: ImageStorage,
  hours = UNATTACHED_PHOTO_HOURS,
  batch = SWEEP_BATCH,
): Promise<number> {
  const gone = await rowsOf<{ name: string }>(
    db,
    sql`delete from return_photos where name in (
        select name from return_photos
        where return_id is null and created_at < now() - make_interval(hours => ${hours}::int)
        order by created_at limit ${batch} for update skip locked)
      returning name`,
  );
  for (const { name } of gone) await storage.remove(name);
  return gone.length;
}

/** Once an hour (and at start): the photos no return request named within a day are deleted. */
export function registerReturnPhotoSweep(app: FastifyInstance, storage: ImageStorage) {
  registerRetentionSweep(app, {
    name: 'return photo sweep',
    sweep: () =>
      sweepInBatches(() => deleteUnattachedPhotosBatch(app.db, storage), {
        batchRows: SWEEP_BATCH,
        maxBatches: 50,
      }),
    removed: 'return photos on no return removed',
  });
}
