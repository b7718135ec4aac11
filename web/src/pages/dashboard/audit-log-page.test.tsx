import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { AuditLogPage } from './audit-log-page';

afterEach(() => vi.unstubAllGlobals());

const entry = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: String(n),
  at: '2026-10-01T10:00:00.000Z',
  actorId: 'u1',
  actorEmail: 'ada@shop.example',
  ip: '203.0.113.7',
  action: 'product.update',
  targetType: 'product',
  targetId: `product-${n}`,
  summary: `Edited PP-${n}: price 10.00 → 12.50`,
  before: { price: 10 },
  after: { price: 12.5 },
  ...overrides,
});

/** `GET /audit` answered from a list of pages keyed by cursor; every query it got is kept. */
function auditApi(pages: Record<string, { data: unknown[]; nextCursor: string | null }>) {
  const queries: URLSearchParams[] = [];
  const fetchMock = stubApi();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname !== '/api/v1/audit')
      return jsonResponse({ success: false, message: 'Not found' }, 404);
    queries.push(url.searchParams);
    const page = pages[url.searchParams.get('cursor') ?? ''] ?? { data: [], nextCursor: null };
    return jsonResponse({ success: true, ...page });
  });
  return queries;
}

describe('AuditLogPage', () => {
  it('lists entries with actor, IP, action, target and summary; the diff opens; loads more', async () => {
    const user = userEvent.setup();
    auditApi({
      '': {
        data: [
          entry(2),
          entry(1, {
            action: 'auth.sign-in-limited',
            actorEmail: null,
            actorId: null,
            before: null,
            after: null,
          }),
        ],
        nextCursor: 'c2',
      },
      c2: {
        data: [
          entry(0, {
            action: 'catalog.import',
            summary: 'Imported parts.csv: 2 created, 0 updated, 0 rejected',
          }),
        ],
        nextCursor: null,
      },
    });
    renderWithProviders(<AuditLogPage />, { route: '/dashboard/audit' });

    const rows = await screen.findAllByTestId('audit-row');
    expect(document.title).toBe('Audit log | Proper Parts');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ada@shop.example');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(rows[0]).toHaveTextContent('Product edited');
    expect(rows[0]).toHaveTextContent('product-2');
    expect(rows[0]).toHaveTextContent('Edited PP-2: price 10.00 → 12.50');
    expect(rows[1]).toHaveTextContent('Anonymous');
    expect(rows[1]).toHaveTextContent('Sign-ins over the limit');
    // No before or after: nothing to open.
    expect(within(rows[1]!).queryByText('Before and after')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByText('Before and after'));
    const diff = within(rows[0]!).getByRole('row', { name: /price/ });
    expect(diff).toHaveTextContent('10');
    expect(diff).toHaveTextContent('12.5');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(/Imported parts\.csv/)).toBeInTheDocument();
    expect(screen.getAllByTestId('audit-row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by action, actor, target and days, and exports the same filters as CSV', async () => {
    const user = userEvent.setup();
    const queries = auditApi({ '': { data: [entry(1)], nextCursor: null } });
    renderWithProviders(<AuditLogPage />, { route: '/dashboard/audit' });
    await screen.findAllByTestId('audit-row');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/audit/export.csv',
    );

    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    await user.selectOptions(within(form).getByLabelText('Action'), 'Product edited');
    await user.type(within(form).getByLabelText('Actor (email or user id)'), 'ada@shop.example');
    await user.type(within(form).getByLabelText('Target (id, email, or type:id)'), 'product:p-1');
    await user.type(within(form).getByLabelText('From'), '2026-10-01');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await vi.waitFor(() => expect(queries.length).toBeGreaterThan(1));
    const last = queries.at(-1);
    expect(Object.fromEntries(last ?? [])).toEqual({
      action: 'product.update',
      actor: 'ada@shop.example',
      target: 'product:p-1',
      from: '2026-10-01',
      limit: '50',
    });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/audit/export.csv?action=product.update&actor=ada%40shop.example&target=product%3Ap-1&from=2026-10-01',
    );
  });

  it('says so when nothing matches', async () => {
    auditApi({});
    renderWithProviders(<AuditLogPage />, { route: '/dashboard/audit?action=order.ship' });
    expect(await screen.findByText('No entries')).toBeInTheDocument();
  });
});
