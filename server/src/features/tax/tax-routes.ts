import multipart from '@fastify/multipart';
import { idParams } from '@proper-parts/domain/companies';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import {
  companyTaxExemption,
  taxExemptionRequest,
  taxRatesRequest,
  taxRateTable,
} from '@proper-parts/domain/tax';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { parseTaxRatesCsv } from './tax-import.ts';
import { listTaxRates, saveTaxRates, setTaxExemption, taxExemptionOf } from './tax-repository.ts';

/** A sales-tax table is a few dozen rows: a small file. */
const MAX_TAX_CSV_BYTES = 256 * 1024;

/** Issue 33: the admin's sales-tax table, its CSV import, and companies' exemption certificates. */
export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_TAX_CSV_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.get(
    '/admin/tax-rates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: 'The sales-tax table: a rate per state, freight taxed or not (admin)',
        response: { 200: successEnvelope(taxRateTable), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: { rates: await listTaxRates(app.db) } }),
  );

  app.put(
    '/admin/tax-rates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary:
          'Replace the sales-tax table (admin): rates in percent; a state not listed has no sales tax',
        body: taxRatesRequest,
        response: { 200: successEnvelope(taxRateTable), ...errorResponses },
      },
    },
    async (request) => {
      const rates = await saveTaxRates(app.db, auditActorOf(request), request.body.rates, {
        replace: true,
      });
      // This process's rate cache drops them now, not when the notification arrives.
      app.changes.emit('tax_rates');
      return { success: true as const, data: { rates }, message: `${rates.length} rates saved` };
    },
  );

  app.post(
    '/admin/tax-rates/import',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary:
          "Import sales-tax rates from a CSV (admin): multipart field 'file', columns country, region, name, rate (percent), freightTaxable; upserted by state, all rows or none",
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(taxRateTable),
          ...errorResponses,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', "Send the CSV as the multipart field 'file'");
      const part = await request.file().catch((error: Error) => {
        throw new AppError('INVALID', `The upload is not a valid multipart form: ${error.message}`);
      });
      if (part?.fieldname !== 'file')
        throw new AppError('INVALID', "Send the CSV as the multipart field 'file'");
      const text = (await part.toBuffer()).toString('utf8');
      const rates = await saveTaxRates(app.db, auditActorOf(request), parseTaxRatesCsv(text), {
        replace: false,
        file: part.filename || 'tax-rates.csv',
      });
      app.changes.emit('tax_rates');
      return {
        success: true as const,
        data: { rates },
        message: `${rates.length} rates in the table`,
      };
    },
  );

  app.get(
    '/admin/companies/:id/tax-exemption',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary:
          "A company's sales-tax exemption certificate as recorded, `expired` once its day is past, or `exemption: null` (admin)",
        params: idParams,
        response: { 200: successEnvelope(companyTaxExemption), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        companyId: request.params.id,
        exemption: await taxExemptionOf(app.db, request.params.id),
      },
    }),
  );

  app.put(
    '/admin/companies/:id/tax-exemption',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary:
          "Record a company's sales-tax exemption certificate (number, states, expiry), or end it with `exemption: null` (admin). An expired certificate exempts nothing",
        params: idParams,
        body: taxExemptionRequest,
        response: { 200: successEnvelope(companyTaxExemption), ...errorResponses },
      },
    },
    async (request) => {
      const exemption = await setTaxExemption(
        app.db,
        auditActorOf(request),
        request.params.id,
        request.body.exemption,
      );
      return { success: true as const, data: { companyId: request.params.id, exemption } };
    },
  );
};
