import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { ToasterHost } from '../../components/toaster';
import { SavedListsPage } from './saved-lists-page';

afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const summary = (n: number, name: string, lineCount: number) => ({
  _id: id(n),
  name,
  lineCount,
  updatedAt: '2026-03-14T10:00:00.000Z',
});
const page = (lists: ReturnType<typeof summary>[], nextCursor: string | null = null) =>
  jsonResponse({ success: true, data: lists, nextCursor });

const render = () =>
  renderWithProviders(
    <>
      <ToasterHost />
      <SavedListsPage />
    </>,
    { route: '/dashboard/lists' },
  );

const card = (name: string) =>
  screen.getAllByTestId('saved-list').find((each) => within(each).queryByText(name)) as HTMLElement;

describe('SavedListsPage', () => {
  it("lists my lists with their size and date, loads more by cursor and shows a list's lines", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi();
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), window.location.origin);
      if (url.pathname === '/api/v1/lists')
        return url.searchParams.get('cursor') === 'c2'
          ? page([summary(3, 'Spares', 1)])
          : page([summary(1, 'Line 4 weekly', 12), summary(2, 'Press shop', 3)], 'c2');
      if (url.pathname === `/api/v1/lists/${id(2)}`)
        return jsonResponse({
          success: true,
          data: {
            ...summary(2, 'Press shop', 3),
            lines: [
              {
                productId: 'p1',
                sku: 'BRG-6204',
                name: 'Deep groove bearing',
                slug: 'deep-groove-bearing',
                quantity: 20,
                // Issue 35: a company buyer's contract price, the list price struck beside it.
                unitPrice: 3.2,
                listPrice: 4,
                priceSource: 'contract',
              },
            ],
          },
        });
      return jsonResponse({ success: false, message: 'Not found' }, 404);
    });
    render();

    const first = await screen.findByText('Line 4 weekly');
    expect(document.title).toBe('Saved lists | Proper Parts');
    expect(first.closest('li')).toHaveTextContent('12 lines · Saved Mar 14, 2026');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Spares')).toBeInTheDocument();
    expect(card('Spares')).toHaveTextContent('1 line ·');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const view = within(card('Press shop')).getByRole('button', { name: 'View' });
    expect(view).toHaveAttribute('aria-expanded', 'false');
    await user.click(view);
    const link = await within(card('Press shop')).findByRole('link', {
      name: 'Deep groove bearing',
    });
    expect(link).toHaveAttribute('href', '/products/deep-groove-bearing');
    expect(card('Press shop')).toHaveTextContent('BRG-6204');
    const price = within(card('Press shop')).getByTestId('saved-line-price');
    expect(price).toHaveTextContent('$3.20');
    const struck = within(price).getByTestId('saved-line-list-price');
    expect(struck.tagName).toBe('S');
    expect(struck).toHaveTextContent('$4');
    expect(within(card('Press shop')).getByRole('button', { name: 'Hide' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('adds a list to the cart and says how many lines went in', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/lists': () => page([summary(1, 'Line 4 weekly', 12)]),
      [`POST /api/v1/lists/${id(1)}/add-to-cart`]: () =>
        jsonResponse({ success: true, data: { cart: { lines: [], total: 0 }, added: 12 } }),
    });
    render();

    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('12 lines added to your cart')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/v1/lists/${id(1)}/add-to-cart`)).toHaveLength(1);
  });

  it('deletes a list after asking, and keeps it when the buyer changes their mind', async () => {
    const user = userEvent.setup();
    let lists = [summary(1, 'Line 4 weekly', 12), summary(2, 'Press shop', 3)];
    const fetchMock = stubApi({
      'GET /api/v1/lists': () => page(lists),
      [`DELETE /api/v1/lists/${id(2)}`]: () => {
        lists = lists.filter((list) => list._id !== id(2));
        return jsonResponse({ success: true, data: { id: id(2) }, message: 'List deleted' });
      },
    });
    render();

    await screen.findByText('Press shop');
    await user.click(within(card('Press shop')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Keep list' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `DELETE /api/v1/lists/${id(2)}`)).toHaveLength(0);

    await user.click(within(card('Press shop')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this list?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete list' }));

    expect(await screen.findByText('"Press shop" deleted')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Press shop')).not.toBeInTheDocument());
    expect(screen.getByText('Line 4 weekly')).toBeInTheDocument();
  });

  it('says how to make a list when there is none', async () => {
    stubApi({ 'GET /api/v1/lists': () => page([]) });
    render();

    const empty = await screen.findByText('You have no saved lists yet');
    expect(empty.parentElement).toHaveTextContent('Save your cart as a list from the cart page');
    expect(screen.getByRole('link', { name: 'cart page' })).toHaveAttribute('href', '/cart');
  });
});
