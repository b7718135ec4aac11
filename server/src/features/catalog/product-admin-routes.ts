import { toolIdParams } from '@proper-parts/domain/catalog';
import { catalogProduct } from '@proper-parts/domain/catalog-search';
import { successEnvelope } from '@proper-parts/domain/envelope';
import { messages } from '@proper-parts/domain/messages';
import {
  createToolRequest,
  deletedCountResponse,
  insertedIdResponse,
} from '@proper-parts/domain/product-admin';
import { updateProductRequest } from '@proper-parts/domain/product-edit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import type { ImageStorage } from '../uploads/image-storage.ts';
import { deleteTool, insertTool } from './catalog-repository.ts';
import type { CatalogSearch } from './catalog-search.ts';
import { taxonomy } from './catalog-taxonomy.ts';
import { editProduct } from './product-edit.ts';
import { skuTakenReason } from './sku-clash.ts';

/**
 * Add A Product and Manage Products (spec §7 `POST /tools`, `DELETE /tools/{id}`) and the
 * product edit (issue 16, `PATCH /tools/{id}`): admins only.
 */
export function productAdminRoutes(
  images: ImageStorage,
  search: CatalogSearch,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/tools',
      {
        // A product may come without a part number: a retry would add it twice.
        config: { access: 'admin', idempotent: true },
        schema: {
          tags: ['catalog'],
          summary: 'Add a product (admin); `img` is a URL answered by POST /uploads',
          body: createToolRequest,
          response: { 200: successEnvelope(insertedIdResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const input = request.body;
        // The schema checked the URL's shape; the file behind it must be one we stored.
        if (!(await images.has(input.img.slice('/uploads/'.length))))
          throw new AppError('INVALID', `img: ${messages.imgNotUploaded}`);
        const { categories, brandId } = await taxonomy(app.db);
        const category = input.category ? categories.get(input.category) : undefined;
        if (input.category && !category)
          throw new AppError('INVALID', `category: no category ${input.category}`);
        const brand = input.brand ? await brandId(input.brand) : undefined;
        try {
          return await answerOnce(app.db, request, reply, {
            create: (db) =>
              insertTool(db, auditActorOf(request), input, {
                brandId: brand,
                categoryId: category?.id,
              }),
            answer: (insertedId) => ({ success: true as const, data: { insertedId } }),
          });
        } catch (error) {
          if (uniqueViolationOf(error)?.includes('sku') && input.sku)
            throw new AppError('CONFLICT', await skuTakenReason(app.db, input.sku));
          throw error;
        }
      },
    );

    app.patch(
      '/tools/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['catalog'],
          summary:
            'Edit a product (admin): the fields sent change, the rest stay; answers the product with every field',
          params: toolIdParams,
          body: updateProductRequest,
          response: { 200: successEnvelope(catalogProduct), ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!(await editProduct(app.db, auditActorOf(request), id, request.body)))
          throw new AppError('NOT_FOUND', messages.productNotFound);
        const product = await search.product(id);
        if (!product) throw new AppError('NOT_FOUND', messages.productNotFound);
        return { success: true as const, data: product };
      },
    );

    app.delete(
      '/tools/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['catalog'],
          summary: 'Take a product out of the catalog (admin); orders keep their copy of it',
          params: toolIdParams,
          response: { 200: successEnvelope(deletedCountResponse), ...errorResponses },
        },
      },
      async (request) => {
        const deletedCount = await deleteTool(app.db, auditActorOf(request), request.params.id);
        if (deletedCount === 0) throw new AppError('NOT_FOUND', messages.productNotFound);
        return { success: true as const, data: { deletedCount } };
      },
    );
  };
}
