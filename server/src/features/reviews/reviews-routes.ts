import { pageEnvelope, paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import { messages } from '@proper-parts/domain/messages';
import { createReviewRequest, insertedIdResponse, review } from '@proper-parts/domain/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { cachedJsonRoute, sendJson, serializeEnvelope } from '../../http/cached-json.ts';
import { answerOnce } from '../../http/idempotency.ts';
import { createResponseCache } from '../../http/response-cache.ts';
import { errorResponses } from '../../http/responses.ts';
import { LOCAL_WRITE } from '../../plugins/change-feed.ts';
import { actorOf } from '../auth/actor.ts';
import { addReview, listReviews } from './reviews-repository.ts';

const reviewList = pageEnvelope(review);

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Served from memory until the reviews table changes (docs/decisions/008).
  const cache = createResponseCache({
    name: 'reviews',
    feed: app.changes,
    tables: ['reviews', LOCAL_WRITE],
  });

  app.get(
    '/reviews',
    {
      ...cachedJsonRoute,
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary:
          "Customer reviews, newest first (public). Page by offset (up to 10,000) or by each answer's `nextCursor`.",
        querystring: paginationQuery,
        response: { 200: reviewList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { limit, offset, cursor = '' } = request.query;
      const { body, source } = await cache.answer(`list:${limit}:${offset}:${cursor}`, async () => {
        const { items, nextCursor } = await listReviews(app.readDb, request.query);
        return serializeEnvelope(reviewList, { success: true, data: items, nextCursor });
      });
      return sendJson(reply, body, source);
    },
  );

  app.post(
    '/reviews',
    {
      config: { access: 'signed-in', idempotent: true },
      schema: {
        tags: ['reviews'],
        summary:
          'Write a review (customers; the name and photo are the signed-in account’s, never the body’s)',
        body: createReviewRequest,
        response: { 200: successEnvelope(insertedIdResponse), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Spec §6: admins do not get Add A Review; the server enforces what the web only mirrors.
      if (actor.role === 'admin') throw new AppError('FORBIDDEN', messages.adminCannotReview);
      return answerOnce(app.db, request, reply, {
        create: (db) => addReview(db, actor, request.body),
        answer: (insertedId) => ({ success: true as const, data: { insertedId } }),
      });
    },
  );
};
