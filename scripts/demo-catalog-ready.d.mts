/** Resolves once the shop at `baseUrl` has no demo catalog (nor its fitments) loading. */
export function demoCatalogReady(baseUrl: string, timeoutMs?: number): Promise<void>;
