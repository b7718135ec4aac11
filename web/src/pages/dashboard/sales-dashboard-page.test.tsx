import { addDays } from '@proper-parts/domain/days';
import type { SalesDashboard } from '@proper-parts/domain/sales';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { SALES_REBUILD_POLL_MS } from '../../features/sales/api/get-sales';
import { localToday } from '../../features/sales/components/sales-range-form';
import { SalesDashboardPage } from './sales-dashboard-page';

afterEach(() => vi.unstubAllGlobals());

const figures = (overrides: Partial<SalesDashboard> = {}): SalesDashboard => ({
  from: '2026-03-01',
  to: '2026-03-03',
  interval: 'day',
  timeZone: 'America/Chicago',
  summary: {
    revenue: 1250.5,
    orders: 3,
    gross: 1450.5,
    refunds: 1,
    refunded: 200,
    averageOrderValue: 483.5,
    units: 42,
    tax: 87.66,
    freight: 45.5,
  },
  revenue: [
    { start: '2026-03-01', revenue: 700, orders: 2, refunded: 0, tax: 57.75, freight: 30 },
    { start: '2026-03-02', revenue: 0, orders: 0, refunded: 0, tax: 0, freight: 0 },
    { start: '2026-03-03', revenue: 550.5, orders: 1, refunded: 200, tax: 29.91, freight: 15.5 },
  ],
  statuses: [
    { status: 'awaiting_approval', orders: 0, total: 0 },
    { status: 'unpaid', orders: 1, total: 60 },
    { status: 'pending', orders: 2, total: 900 },
    { status: 'shipped', orders: 1, total: 550.5 },
    { status: 'cancelled', orders: 1, total: 200 },
  ],
  topProducts: [
    { productId: 'p1', sku: 'BRG-6204', name: 'Deep Groove Bearing', units: 30, revenue: 900 },
    { productId: 'p2', sku: 'PMP-1', name: 'Gear Pump', units: 12, revenue: 350.5 },
  ],
  topBrands: [
    { brandId: 'b1', name: 'Acme', units: 30, revenue: 900 },
    { brandId: null, name: 'No brand', units: 12, revenue: 350.5 },
  ],
  topCustomers: [
    { userId: 'u1', name: 'Ada Buyer', email: 'ada@factory.example', orders: 2, revenue: 1000 },
  ],
  unitsAgainstStock: [
    { productId: 'p1', sku: 'BRG-6204', name: 'Deep Groove Bearing', units: 30, stock: 470 },
  ],
  ...overrides,
});

/** `GET /sales` answered with `answer`; every query it got is kept. */
function salesApi(answer: () => Response) {
  const queries: URLSearchParams[] = [];
  const fetchMock = stubApi();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname !== '/api/v1/sales')
      return jsonResponse({ success: false, message: 'Not found' }, 404);
    queries.push(url.searchParams);
    return answer();
  });
  return queries;
}

describe('SalesDashboardPage', () => {
  it('asks for the last 30 days and shows every figure, each chart with its summary and table', async () => {
    const queries = salesApi(() => jsonResponse({ success: true, data: figures() }));
    renderWithProviders(<SalesDashboardPage />, { route: '/dashboard/sales' });

    expect(await screen.findByText("Days in the shop's time zone, America/Chicago.")).toBeVisible();
    expect(document.title).toBe('Sales | Proper Parts');
    const today = localToday();
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({
      from: addDays(today, -29),
      to: today,
      interval: 'day',
    });

    const stat = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(stat('Revenue')).toHaveTextContent('$1,250.50');
    expect(stat('Orders')).toHaveTextContent('3');
    expect(stat('Average order')).toHaveTextContent('$483.50');
    expect(stat('Units sold')).toHaveTextContent('42');
    expect(stat('Refunds')).toHaveTextContent('$200');
    // Tax and freight apart from the revenue, to the cent.
    expect(stat('Tax collected')).toHaveTextContent('$87.66');
    expect(stat('Freight collected')).toHaveTextContent('$45.50');

    expect(
      screen.getByRole('img', {
        name: 'Revenue per day from Mar 1, 2026 to Mar 3, 2026: $1,250.50 in all, the most $700 in the day of Mar 1, 2026.',
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(6);

    const statuses = screen.getByRole('table', { name: 'Orders by status' });
    expect(within(statuses).getByRole('row', { name: /To ship/ })).toHaveTextContent('2$900');
    const products = screen.getByRole('table', { name: 'Top products' });
    expect(within(products).getAllByRole('row')[1]).toHaveTextContent(
      'Deep Groove Bearing (BRG-6204)30$900',
    );
    expect(screen.getByRole('table', { name: 'Top brands' })).toHaveTextContent('No brand');
    expect(screen.getByRole('table', { name: 'Top customers' })).toHaveTextContent(
      'Ada Buyerada@factory.example2$1,000',
    );
    expect(screen.getByRole('table', { name: 'Units sold against stock' })).toHaveTextContent(
      'Deep Groove Bearing (BRG-6204)30470',
    );
    // The revenue's own table is one click away.
    const revenueTable = screen.getByRole('table', { name: 'Revenue per day', hidden: true });
    const rows = within(revenueTable).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent('Mar 3, 20261$200$550.50$29.91$15.50');
  });

  it('marks a range the other way round in red and asks for nothing', async () => {
    const user = userEvent.setup();
    const queries = salesApi(() => jsonResponse({ success: true, data: figures() }));
    renderWithProviders(<SalesDashboardPage />, {
      route: '/dashboard/sales?from=2026-03-01&to=2026-03-03&interval=week',
    });
    await screen.findByText(/Days in the shop's time zone/);
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({
      from: '2026-03-01',
      to: '2026-03-03',
      interval: 'week',
    });

    const form = screen.getByRole('form', { name: 'Choose the range' });
    const from = within(form).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-04-01');
    await user.click(within(form).getByRole('button', { name: 'Show' }));

    const to = await screen.findByLabelText('To (included)');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('from must not be after to');
    expect(screen.getByRole('alert')).toHaveTextContent('This range cannot be shown');
    expect(screen.queryByText(/Days in the shop's time zone/)).not.toBeInTheDocument();
    expect(queries).toHaveLength(1);

    // A range over three years is refused the same way.
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/at most 1096 days/)).toBeInTheDocument();
    expect(queries).toHaveLength(1);
  });

  it('applies a preset: the last 12 months, by month', async () => {
    const user = userEvent.setup();
    const queries = salesApi(() => jsonResponse({ success: true, data: figures() }));
    renderWithProviders(<SalesDashboardPage />, { route: '/dashboard/sales' });
    await screen.findByText(/Days in the shop's time zone/);
    await user.click(screen.getByRole('button', { name: 'Last 12 months' }));
    await waitFor(() => expect(queries).toHaveLength(2));
    const last = Object.fromEntries(queries[1] ?? []);
    expect(last).toMatchObject({ to: localToday(), interval: 'month' });
    expect(last.from).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('says plainly when nothing sold, and shows the server’s message when it fails', async () => {
    let fail = false;
    salesApi(() =>
      fail
        ? jsonResponse({ success: false, message: 'The range must be at most 1096 days' }, 400)
        : jsonResponse({
            success: true,
            data: figures({
              summary: {
                revenue: 0,
                orders: 0,
                gross: 0,
                refunds: 0,
                refunded: 0,
                averageOrderValue: 0,
                units: 0,
                tax: 0,
                freight: 0,
              },
              topProducts: [],
              topBrands: [],
              topCustomers: [],
              unitsAgainstStock: [],
            }),
          }),
    );
    const { unmount } = renderWithProviders(<SalesDashboardPage />, {
      route: '/dashboard/sales?from=2026-03-01&to=2026-03-03',
    });
    expect(await screen.findByText('No products sold in this range.')).toBeInTheDocument();
    expect(screen.getByText('No customers bought in this range.')).toBeInTheDocument();
    expect(screen.getByText(/No sales in this range/)).toBeInTheDocument();
    unmount();

    fail = true;
    renderWithProviders(<SalesDashboardPage />, {
      route: '/dashboard/sales?from=2026-03-01&to=2026-03-04',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The range must be at most 1096 days',
    );
  });

  it('says plainly that the figures are being rebuilt for a new time zone, and shows them once they are', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let rebuilding = true;
      const message =
        'The sales figures are being rebuilt for the new time zone, America/Chicago (412 of 1,095 days). They will be back in a few minutes.';
      const queries = salesApi(() =>
        rebuilding
          ? jsonResponse({ success: false, message }, 409)
          : jsonResponse({ success: true, data: figures() }),
      );
      renderWithProviders(<SalesDashboardPage />, {
        route: '/dashboard/sales?from=2026-03-01&to=2026-03-03',
      });
      expect(await screen.findByText(message)).toHaveAttribute('role', 'status');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(queries).toHaveLength(1);

      rebuilding = false;
      await vi.advanceTimersByTimeAsync(SALES_REBUILD_POLL_MS);
      expect(
        await screen.findByText("Days in the shop's time zone, America/Chicago."),
      ).toBeVisible();
      expect(queries).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
