import type { Tool } from '@proper-parts/domain/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, parsePath, type RouteObject, RouterProvider } from 'react-router';

/** A fresh QueryClient without retries, so an error shows at once. */
export const createTestQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });

type RenderOptions = {
  route?: string;
  path?: string;
  /** `location.state` of the first entry, e.g. where a guard sent the user from. */
  state?: unknown;
  /** More routes beside `ui`'s, e.g. the pages a form navigates to. */
  otherRoutes?: RouteObject[];
};

/** Renders `ui` at `route` inside a memory router and a fresh query client. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', state, otherRoutes = [] }: RenderOptions = {},
) {
  const router = createMemoryRouter([{ path, element: ui }, ...otherRoutes], {
    initialEntries: [{ ...parsePath(route), state }],
  });
  const result = render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router };
}

let sequence = 0;

export function buildTool(overrides: Partial<Tool> = {}): Tool {
  sequence += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name: `Hydraulic Pump ${sequence}`,
    img: `/images/products/piston.svg`,
    description: 'A sturdy pump for industrial presses.',
    minimumOrderQuantity: 10,
    availableQuantity: 500,
    price: 120,
    slug: `hydraulic-pump-${sequence}`,
    ...overrides,
  };
}

/** A `fetch` stand-in that answers every call with `body` as JSON. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
