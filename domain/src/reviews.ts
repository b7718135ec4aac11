import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_DESCRIPTION_MAX_LENGTH } from './constants.ts';
import { messages } from './messages.ts';

/** A customer review (spec §3); `userName` and `photoUrl` are the author's at the time of writing. */
export const review = z.object({
  _id: z.string(),
  rating: z.number().int(),
  description: z.string(),
  userName: z.string(),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

/**
 * `POST /reviews` (spec §5, decisions: rating 1–5). The author's name and photo come from the
 * session; any `userName` or `photoUrl` in the body is dropped by this schema.
 */
export const createReviewRequest = z.object({
  rating: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? messages.reviewRatingRequired
          : messages.reviewRatingInvalid,
    })
    .int(messages.reviewRatingInvalid)
    .min(RATING_MIN, messages.reviewRatingInvalid)
    .max(RATING_MAX, messages.reviewRatingInvalid),
  description: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? messages.reviewDescriptionRequired
          : messages.reviewDescriptionNotText,
    })
    .trim()
    .min(1, messages.reviewDescriptionRequired)
    .max(REVIEW_DESCRIPTION_MAX_LENGTH, messages.reviewTooLong),
});
export type CreateReviewRequest = z.infer<typeof createReviewRequest>;

export const insertedIdResponse = z.object({ insertedId: z.string() });
