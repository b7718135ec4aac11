import { generatePath } from 'react-router';

const dashboardRoot = '/dashboard';

/** Route patterns as the router declares them; dashboard children are relative to `/dashboard`. */
export const routes = {
  home: '/',
  blogs: '/blogs',
  portfolio: '/portfolio',
  signIn: '/signin',
  signUp: '/signup',
  resetPassword: '/reset-password',
  purchase: '/purchase/:id',
  dashboard: dashboardRoot,
  dashboardChildren: {
    review: 'review',
    profile: 'profile',
    manageOrders: 'manageOrder',
    addProduct: 'addProduct',
    makeAdmin: 'admin',
    manageProducts: 'manageProducts',
    payment: 'payment/:id',
  },
  notFound: '*',
} as const;

const child = (path: string) => `${dashboardRoot}/${path}`;
const children = routes.dashboardChildren;

/** Where links send the browser. Every in-app href comes from here. */
export const paths = {
  home: routes.home,
  blogs: routes.blogs,
  portfolio: routes.portfolio,
  signIn: routes.signIn,
  signUp: routes.signUp,
  resetPassword: routes.resetPassword,
  purchase: (id: string) => generatePath(routes.purchase, { id }),
  dashboard: {
    root: dashboardRoot,
    myOrders: dashboardRoot,
    review: child(children.review),
    profile: child(children.profile),
    manageOrders: child(children.manageOrders),
    addProduct: child(children.addProduct),
    makeAdmin: child(children.makeAdmin),
    manageProducts: child(children.manageProducts),
    payment: (id: string) => child(generatePath(children.payment, { id })),
  },
} as const;

const apiBase = '/api/v1';

/** Every API URL the web calls (same origin; Vite proxies /api in dev). */
export const api = {
  tools: (limit?: number) =>
    limit === undefined
      ? `${apiBase}/tools`
      : `${apiBase}/tools?${new URLSearchParams({ limit: String(limit) })}`,
  tool: (id: string) => `${apiBase}/tools/${encodeURIComponent(id)}`,
  authOptions: `${apiBase}/auth-options`,
  profile: (email: string) => `${apiBase}/profile/${encodeURIComponent(email)}`,
  users: (limit = 100) => `${apiBase}/user?${new URLSearchParams({ limit: String(limit) })}`,
  makeAdmin: (email: string) => `${apiBase}/user/admin/${encodeURIComponent(email)}`,
  adminCheck: (email: string) => `${apiBase}/admin/${encodeURIComponent(email)}`,
} as const;
