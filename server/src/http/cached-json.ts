import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * The body a cache keeps: checked against the route's response schema once, when it is read
 * from the database, instead of on every answer.
 */
export function serializeEnvelope<T extends z.ZodType>(schema: T, value: z.input<T>): string {
  return JSON.stringify(schema.parse(value));
}

/** Sends ready JSON bytes: Fastify writes a string as it is, without its serializer. */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
