import { type ComponentType, lazy, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { RouteError } from '../components/layout/route-error';
import { Spinner } from '../components/spinner';
import { routes as path } from '../config/paths';
import { RequireAdmin, RequireAuth } from '../features/auth/components/route-guards';

/**
 * Code-split by route: each page module loads on first visit, inside the layout's Suspense.
 * React.lazy keeps a failed load for good (the server then failed that page until a restart):
 * after a failure the next render starts a new load.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const lazyPage = () =>
    lazy(async (): Promise<{ default: ComponentType }> => {
      try {
        return { default: (await load())[name] };
      } catch (error) {
        Loaded = lazyPage();
        throw error;
      }
    });
  let Loaded = lazyPage();
  const Page = () => <Loaded />;
  return <Page />;
}

const dashboard = path.dashboardChildren;
const signedIn = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
const adminOnly = (element: ReactNode) => <RequireAdmin>{element}</RequireAdmin>;

export const routes: RouteObject[] = [
  {
    path: path.home,
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A route `lazy`, not a Suspense one: main.tsx waits for it before the first render, so
        // React's first render is the home page over its first paint (web/src/first-paint).
        index: true,
        lazy: async () => ({ Component: (await import('../pages/home-page')).HomePage }),
        hydrateFallbackElement: <Spinner className="min-h-dvh" />,
      },
      {
        path: path.products,
        element: page(() => import('../pages/products-page'), 'ProductsPage'),
      },
      { path: path.product, element: page(() => import('../pages/product-page'), 'ProductPage') },
      { path: path.brands, element: page(() => import('../pages/brands-page'), 'BrandsPage') },
      {
        path: path.categories,
        element: page(() => import('../pages/categories-page'), 'CategoriesPage'),
      },
      { path: path.blogs, element: page(() => import('../pages/blogs-page'), 'BlogsPage') },
      {
        path: path.portfolio,
        element: page(() => import('../pages/portfolio-page'), 'PortfolioPage'),
      },
      { path: path.info, element: page(() => import('../pages/info-page'), 'InfoPage') },
      { path: path.signIn, element: page(() => import('../pages/signin-page'), 'SignInPage') },
      { path: path.signUp, element: page(() => import('../pages/signup-page'), 'SignUpPage') },
      {
        path: path.resetPassword,
        element: page(() => import('../pages/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: path.verifyEmail,
        element: page(() => import('../pages/verify-email-page'), 'VerifyEmailPage'),
      },
      {
        // Route `lazy` too: its module loads while the session is checked, not after.
        path: path.purchase,
        lazy: async () => {
          const { PurchasePage } = await import('../pages/purchase-page');
          return { Component: () => signedIn(<PurchasePage />) };
        },
        hydrateFallbackElement: <Spinner className="min-h-dvh" />,
      },
      { path: path.cart, element: page(() => import('../pages/cart-page'), 'CartPage') },
      {
        path: path.checkout,
        element: signedIn(page(() => import('../pages/checkout-page'), 'CheckoutPage')),
      },
      {
        path: path.quickOrder,
        element: signedIn(page(() => import('../pages/quick-order-page'), 'QuickOrderPage')),
      },
      { path: path.garage, element: page(() => import('../pages/garage-page'), 'GaragePage') },
      {
        path: path.joinCompany,
        element: signedIn(page(() => import('../pages/join-company-page'), 'JoinCompanyPage')),
      },
      {
        path: path.dashboard,
        element: signedIn(
          page(() => import('../pages/dashboard/dashboard-layout-page'), 'DashboardLayoutPage'),
        ),
        children: [
          {
            index: true,
            element: page(
              () => import('../pages/dashboard/dashboard-index-page'),
              'DashboardIndexPage',
            ),
          },
          {
            path: dashboard.review,
            element: page(() => import('../pages/dashboard/add-review-page'), 'AddReviewPage'),
          },
          {
            path: dashboard.profile,
            element: page(() => import('../pages/dashboard/my-profile-page'), 'MyProfilePage'),
          },
          {
            path: dashboard.manageOrders,
            element: adminOnly(
              page(() => import('../pages/dashboard/manage-orders-page'), 'ManageOrdersPage'),
            ),
          },
          {
            path: dashboard.addProduct,
            element: adminOnly(
              page(() => import('../pages/dashboard/add-product-page'), 'AddProductPage'),
            ),
          },
          {
            path: dashboard.makeAdmin,
            element: adminOnly(
              page(() => import('../pages/dashboard/make-admin-page'), 'MakeAdminPage'),
            ),
          },
          {
            path: dashboard.editProduct,
            element: adminOnly(
              page(() => import('../pages/dashboard/edit-product-page'), 'EditProductPage'),
            ),
          },
          {
            path: dashboard.manageProducts,
            element: adminOnly(
              page(() => import('../pages/dashboard/manage-products-page'), 'ManageProductsPage'),
            ),
          },
          {
            path: dashboard.savedLists,
            element: page(() => import('../pages/dashboard/saved-lists-page'), 'SavedListsPage'),
          },
          {
            path: dashboard.company,
            element: page(() => import('../pages/dashboard/company-page'), 'CompanyPage'),
          },
          {
            path: dashboard.approvals,
            element: page(() => import('../pages/dashboard/approvals-page'), 'ApprovalsPage'),
          },
          {
            path: dashboard.statement,
            element: page(
              () => import('../pages/dashboard/company-statement-page'),
              'CompanyStatementPage',
            ),
          },
          {
            path: dashboard.quotes,
            element: page(() => import('../pages/dashboard/quotes-page'), 'QuotesPage'),
          },
          {
            path: dashboard.quote,
            element: page(() => import('../pages/dashboard/quote-page'), 'QuotePage'),
          },
          {
            path: dashboard.companies,
            element: adminOnly(
              page(() => import('../pages/dashboard/companies-admin-page'), 'CompaniesAdminPage'),
            ),
          },
          {
            path: dashboard.quoteInbox,
            element: adminOnly(
              page(() => import('../pages/dashboard/quote-inbox-page'), 'QuoteInboxPage'),
            ),
          },
          {
            path: dashboard.quoteAnswer,
            element: adminOnly(
              page(() => import('../pages/dashboard/quote-answer-page'), 'QuoteAnswerPage'),
            ),
          },
          {
            path: dashboard.auditLog,
            element: adminOnly(
              page(() => import('../pages/dashboard/audit-log-page'), 'AuditLogPage'),
            ),
          },
          {
            // Issue 21: its chart library (Chartist) is in this page's chunk only.
            path: dashboard.sales,
            element: adminOnly(
              page(() => import('../pages/dashboard/sales-dashboard-page'), 'SalesDashboardPage'),
            ),
          },
          {
            // Issue 33: the sales-tax table and the shipping methods.
            path: dashboard.taxFreight,
            element: adminOnly(
              page(() => import('../pages/dashboard/tax-freight-page'), 'TaxFreightPage'),
            ),
          },
          {
            path: dashboard.apiKeys,
            element: adminOnly(
              page(() => import('../pages/dashboard/api-keys-page'), 'ApiKeysPage'),
            ),
          },
          {
            path: dashboard.webhooks,
            element: adminOnly(
              page(() => import('../pages/dashboard/webhooks-page'), 'WebhooksPage'),
            ),
          },
          {
            // Issue 37: a buyer's returns, and the shop's returns to decide and receive.
            path: dashboard.myReturns,
            element: page(() => import('../pages/dashboard/my-returns-page'), 'MyReturnsPage'),
          },
          {
            path: dashboard.manageReturns,
            element: adminOnly(
              page(() => import('../pages/dashboard/manage-returns-page'), 'ManageReturnsPage'),
            ),
          },
          {
            path: dashboard.priceLists,
            element: adminOnly(
              page(() => import('../pages/dashboard/price-lists-page'), 'PriceListsPage'),
            ),
          },
          {
            path: dashboard.warehouses,
            element: adminOnly(
              page(() => import('../pages/dashboard/warehouses-page'), 'WarehousesPage'),
            ),
          },
          {
            path: dashboard.punchout,
            element: adminOnly(
              page(() => import('../pages/dashboard/punchout-page'), 'PunchoutPage'),
            ),
          },
          {
            path: dashboard.payment,
            element: page(() => import('../pages/dashboard/payment-page'), 'PaymentPage'),
          },
        ],
      },
      {
        path: path.notFound,
        element: page(() => import('../pages/not-found-page'), 'NotFoundPage'),
      },
    ],
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router, once it has the first page's route modules (their `lazy`), so that React's first
 * render is that page and not a fallback. For a page the server rendered (`hydrating`), those
 * modules are loaded before the router is made and it starts hydrated (`hydrationData`), as React
 * Router advises for server rendering. Made the other way (its first navigation loading them),
 * its scroll restoration scrolled to the top when React committed: a visitor who had scrolled
 * while the page hydrated was thrown back, and an e2e journey's click on See All Brands landed on
 * the banner instead.
 */
export async function createReadyRouter({ hydrating }: { hydrating: boolean }): Promise<AppRouter> {
  if (hydrating) await loadLazyRoutesOf(window.location);
  const router = createBrowserRouter(routes, hydrating ? { hydrationData: {} } : undefined);
  await routerReady(router);
  return router;
}

/**
 * Loads the `lazy` route modules of a location into their routes. A module that fails to load
 * stays lazy: the router's first navigation tries it again, and shows the route's error element
 * if it fails again.
 */
async function loadLazyRoutesOf(location: Location) {
  const lazyMatches = matchRoutes(routes, location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy().catch(() => undefined);
      if (loaded) Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** Resolves once the router has loaded the first page's route modules (its `lazy`). */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
