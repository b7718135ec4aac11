import { successEnvelope } from '@proper-parts/domain/envelope';
import { quickOrderRequest, quickOrderResult } from '@proper-parts/domain/quick-order';
import { MAX_QUICK_ORDER_TEXT_BYTES } from '@proper-parts/domain/quick-order-messages';
import { parseQuickOrder } from '@proper-parts/domain/quick-order-parse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import { membershipOf } from '../companies/company-access.ts';
import { withFits } from '../fitment/quick-order-fits.ts';
import { addCartLines } from './cart-repository.ts';
import { buyerOf } from './cart-routes.ts';
import { matchQuickOrder } from './quick-order-match.ts';

/** Quick order (issue 18): a pasted list or a CSV's text, matched line by line by part number. */
export const quickOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cart/quick-order',
    {
      // With `add: true` a retry would add the lines again.
      config: { access: 'signed-in', idempotent: true },
      // The text as JSON: its quotes and backslashes escaped, and a little room for the rest.
      bodyLimit: MAX_QUICK_ORDER_TEXT_BYTES * 2 + 1024,
      schema: {
        tags: ['cart'],
        summary:
          "Match pasted lines (`SKU qty`, `SKU,qty`, `SKU<tab>qty`) or a CSV by my company's own part number, SKU, MPN or cross-reference, each priced at my tier price; with `add: true`, the ok lines go into my cart; with `vehicle`, each matched line says whether it fits",
        body: quickOrderRequest,
        response: { 200: successEnvelope(quickOrderResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      const buyer = buyerOf(actorOf(request));
      const { vehicle } = request.body;
      // Issue 35: a company's members quick-order by its own part numbers too (only its own).
      const company = await membershipOf(app.db, buyer.id);
      const matched = await matchQuickOrder(
        app.db,
        parseQuickOrder(request.body.text),
        company?.companyId ?? null,
        buyer.id,
      );
      const { total } = matched;
      const lines =
        vehicle === undefined ? matched.lines : await withFits(app.db, vehicle, matched.lines);
      if (!request.body.add) return { success: true as const, data: { lines, total } };
      const ok = lines.flatMap((line) =>
        line.status === 'ok' && line.productId && line.quantity
          ? [{ productId: line.productId, quantity: line.quantity }]
          : [],
      );
      return answerOnce(app.db, request, reply, {
        create: (db) => addCartLines(db, buyer.id, ok, 'add'),
        answer: (added) => ({
          success: true as const,
          data: { lines, total },
          message: `${added} ${added === 1 ? 'part' : 'parts'} added to your cart`,
        }),
      });
    },
  );
};
