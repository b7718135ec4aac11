import { z } from 'zod';
import { paginationQuery } from './envelope.ts';

/**
 * Issue 34: what a machine's API key may reach. Each integration route names the one scope it
 * needs; a key reaches nothing else (no session route: no admin page, no cart).
 */
export const API_SCOPES = [
  'catalog:read',
  'catalog:write',
  'stock:write',
  'orders:read',
  'orders:write',
  'customers:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** How the admin page names each scope. */
export const apiScopeLabels: Record<ApiScope, string> = {
  'catalog:read': 'Read the catalog',
  'catalog:write': 'Change prices',
  'stock:write': 'Change stock',
  'orders:read': 'Read orders',
  'orders:write': 'Mark orders exported',
  'customers:read': 'Read customers',
};

export const apiKeyMessages = {
  nameRequired: 'Name is Required',
  scopesRequired: 'Choose at least one scope',
  notFound: 'No such API key',
  revoked: (name: string) => `API key "${name}" revoked`,
  created: 'API key created: copy it now, it is shown only once',
  keyRequired: 'An API key is needed here (Authorization: Bearer ppk_…)',
  keyRefused: 'This API key is unknown or revoked',
  missingScope: (scope: ApiScope) => `This API key does not have the scope ${scope}`,
  keysOnly: 'This route takes an API key, not a session',
  sessionsOnly: 'An API key reaches only the integration routes (/api/v1/integration)',
};

export const createApiKeyRequest = z
  .object({
    name: z
      .string({ error: apiKeyMessages.nameRequired })
      .trim()
      .min(1, apiKeyMessages.nameRequired)
      .max(80, 'Name must be at most 80 characters'),
    scopes: z
      .array(z.enum(API_SCOPES, { error: `scopes: each one of ${API_SCOPES.join(', ')}` }), {
        error: apiKeyMessages.scopesRequired,
      })
      .min(1, apiKeyMessages.scopesRequired)
      .max(API_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'scopes: each scope once'),
  })
  .strict();
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

/** The answer to a creation: the key itself, which is never shown again. */
export const createdApiKey = z.object({ id: z.string(), key: z.string() });

/** A key as the list shows it: never the key, only its first characters. */
export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** `ppk_1a2b3c4d5e6f7a8b`: enough to tell keys apart, nothing to call with. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const apiKeysQuery = paginationQuery.pick({ limit: true, cursor: true }).strict();
export const apiKeyIdParams = z.object({ id: z.uuid({ message: apiKeyMessages.notFound }) });
