import { REVIEWS_PER_DAY } from '@proper-parts/domain/constants';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { messages } from '@proper-parts/domain/messages';
import type { CreateReviewRequest, Review } from '@proper-parts/domain/reviews';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { reviews } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';

type ReviewRow = typeof reviews.$inferSelect;

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    rating: row.rating,
    description: row.description,
    userName: row.userName,
    photoUrl: row.photoUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first, by offset or after a cursor (http/keyset.ts). */
export async function listReviews(
  db: Database,
  page: PaginationQuery,
): Promise<{ items: Review[]; nextCursor: string | null }> {
  const rows = await db
    .select({ row: reviews, cursorAt: cursorAt(reviews) })
    .from(reviews)
    .where(page.cursor ? afterCursor(reviews, page.cursor) : undefined)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return pageOf(
    rows,
    page.limit,
    ({ row }) => toReview(row),
    ({ row }) => row.id,
  );
}

/** Who writes: the signed-in account; its name and photo are copied onto the review. */
export interface ReviewAuthor {
  id: string;
  name: string;
  image: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Saves a review by `author`, at most REVIEWS_PER_DAY per account in any 24 hours. */
export async function addReview(
  db: Database,
  author: ReviewAuthor,
  input: CreateReviewRequest,
): Promise<string> {
  const since = new Date(Date.now() - DAY_MS);
  const [recent] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.userId, author.id), gt(reviews.createdAt, since)));
  if ((recent?.n ?? 0) >= REVIEWS_PER_DAY) {
    throw new AppError('TOO_MANY_REQUESTS', messages.reviewsPerDay);
  }
  const [row] = await db
    .insert(reviews)
    .values({
      userId: author.id,
      rating: input.rating,
      description: input.description,
      userName: author.name,
      photoUrl: author.image,
    })
    .returning({ id: reviews.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
