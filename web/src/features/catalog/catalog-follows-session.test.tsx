import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFor, setSession } from '../../../test/auth-stubs';
import { customer } from '../../../test/signed-in';
import { AppProviders } from '../../app/providers';

afterEach(() => setSession(null));

/**
 * Issue 35, decision 039: a restricted company's buyer sees their part of the catalog. Answers
 * read before they signed in (as a visitor) are read again once the session says who they are;
 * the rest of the cache is left alone.
 */
describe('CatalogFollowsSession', () => {
  it("marks the catalog's answers stale when the signed-in user changes, nothing else", async () => {
    setSession(null);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    client.setQueryData(['catalog-search', { q: 'bearing' }], { items: [] });
    client.setQueryData(['catalog-product-page', 'bearing-6204'], null);
    client.setQueryData(['tools', { limit: 6 }], []);
    client.setQueryData(['cart'], { lines: [] });
    render(<AppProviders client={client}>page</AppProviders>);
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['catalog-search', { q: 'bearing' }])).toBe(false);

    await act(async () => setSession(sessionFor(customer)));
    expect(stale(['catalog-search', { q: 'bearing' }])).toBe(true);
    expect(stale(['catalog-product-page', 'bearing-6204'])).toBe(true);
    // `/tools` too: a restricted company's members list only their catalog there.
    expect(stale(['tools', { limit: 6 }])).toBe(true);
    expect(stale(['cart'])).toBe(false);
  });
});
