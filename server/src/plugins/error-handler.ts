import { messages } from '@proper-parts/domain/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** "email: Provide a valid Email" — the first problem, naming the field it is about. */
function describeValidation(error: FastifyError): string {
  const issue = (error.validation as ValidationIssue[] | undefined)?.[0];
  if (!issue) return error.message;
  const field =
    issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
    (issue.params?.missingProperty as string | undefined) ||
    error.validationContext ||
    'request';
  return `${field}: ${issue.message ?? 'is invalid'}`;
}

/**
 * The one place errors become answers: `{ success: false, message }` with the right 4xx.
 * A 5xx never shows its internal text; it is logged instead.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ success: false, message: describeValidation(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 429 ? messages.tooManyRequests : error.message;
      return reply.status(status).send({ success: false, message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ success: false, message: messages.databaseUnavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: messages.internalError });
  });
}

/** Fastify's own URL errors (bad percent-encoding, an over-long path parameter), in the envelope. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const message = error.statusCode === 414 ? 'The address is too long' : 'The address is not valid';
  return reply.status(error.statusCode ?? 400).send({ success: false, message });
}
