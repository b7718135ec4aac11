import type { ApiScope } from '@proper-parts/domain/api-keys';
import { messages } from '@proper-parts/domain/messages';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { Auth } from './auth.ts';

/** Who is asking: the signed-in user behind the session cookie or bearer token. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: 'admin' | 'user';
  /** The session token; API clients send it as `Authorization: Bearer …`. */
  sessionToken: string;
  /** When the session ends (ms since the epoch): the session cache believes it no longer. */
  sessionExpiresAt?: number;
}

/** A machine calling with an API key (issue 34): what it may reach, and the admin who made the key. */
export interface KeyCaller {
  id: string;
  name: string;
  scopes: readonly ApiScope[];
  createdBy: string;
}

/**
 * Who may call a route. Ownership ("own email, or an admin") is checked in the route with
 * `assertSelfOrAdmin`. `api-key`: only a machine's key with the route's `scope`, never a session.
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'api-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The scope an `api-key` route needs. */
    scope?: ApiScope;
  }
  interface FastifyRequest {
    actor: Actor | null;
    apiKey: KeyCaller | null;
  }
}

export async function resolveActor(auth: Auth, request: FastifyRequest): Promise<Actor | null> {
  const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!found) return null;
  const { user, session } = found;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    image: user.image ?? null,
    role: user.role === 'admin' ? 'admin' : 'user',
    sessionToken: session.token,
    sessionExpiresAt: new Date(session.expiresAt).getTime(),
  };
}

/** The actor of a route declared `signed-in` or `admin` (the access hook has checked it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', messages.signInRequired);
  return request.actor;
}

export function assertSelfOrAdmin(actor: Actor, email: string) {
  if (actor.role !== 'admin' && actor.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw new AppError('FORBIDDEN', messages.forbidden);
  }
}

/** The key caller of a route declared `api-key` (the access hook has checked it and its scope). */
export function keyCallerOf(request: FastifyRequest): KeyCaller {
  if (!request.apiKey) throw new AppError('UNAUTHENTICATED', messages.signInRequired);
  return request.apiKey;
}
