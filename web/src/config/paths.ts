import { generatePath } from 'react-router';

const dashboardRoot = '/dashboard';

/** Route patterns as the router declares them; dashboard children are relative to `/dashboard`. */
export const routes = {
  home: '/',
  blogs: '/blogs',
  portfolio: '/portfolio',
  /** The footer's short pages (FAQ, Returns, Shipping Policy…): features/content/info-pages.ts. */
  info: '/info/:slug',
  signIn: '/signin',
  signUp: '/signup',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  purchase: '/purchase/:id',
  products: '/products',
  product: '/products/:slug',
  brands: '/brands',
  categories: '/categories',
  cart: '/cart',
  checkout: '/checkout',
  quickOrder: '/quick-order',
  /** My vehicles (issue 20): a visitor's in the browser, a signed-in user's on the server. */
  garage: '/garage',
  /** The link an invitation mail carries: `/company/join?token=…`. */
  joinCompany: '/company/join',
  dashboard: dashboardRoot,
  dashboardChildren: {
    review: 'review',
    profile: 'profile',
    manageOrders: 'manageOrder',
    addProduct: 'addProduct',
    makeAdmin: 'admin',
    manageProducts: 'manageProducts',
    editProduct: 'manageProducts/:id/edit',
    payment: 'payment/:id',
    savedLists: 'lists',
    company: 'company',
    approvals: 'approvals',
    statement: 'statement',
    quotes: 'quotes',
    quote: 'quotes/:id',
    companies: 'companies',
    quoteInbox: 'quote-inbox',
    quoteAnswer: 'quote-inbox/:id',
    auditLog: 'audit',
    sales: 'sales',
    apiKeys: 'api-keys',
    webhooks: 'webhooks',
    punchout: 'punchout',
    priceLists: 'price-lists',
    warehouses: 'warehouses',
    taxFreight: 'tax-freight',
    myReturns: 'returns',
    manageReturns: 'manage-returns',
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
  info: (slug: string) => generatePath(routes.info, { slug }),
  signIn: routes.signIn,
  signUp: routes.signUp,
  resetPassword: routes.resetPassword,
  verifyEmail: routes.verifyEmail,
  purchase: (id: string) => generatePath(routes.purchase, { id }),
  /** The catalog, with a query already set (`?category=bearings`). */
  products: (query?: Record<string, string>) =>
    query ? `${routes.products}?${new URLSearchParams(query)}` : routes.products,
  /** A part's public page. */
  product: (slug: string) => generatePath(routes.product, { slug }),
  brands: routes.brands,
  categories: routes.categories,
  cart: routes.cart,
  checkout: routes.checkout,
  quickOrder: routes.quickOrder,
  garage: routes.garage,
  joinCompany: routes.joinCompany,
  dashboard: {
    root: dashboardRoot,
    myOrders: dashboardRoot,
    review: child(children.review),
    profile: child(children.profile),
    manageOrders: child(children.manageOrders),
    addProduct: child(children.addProduct),
    makeAdmin: child(children.makeAdmin),
    manageProducts: child(children.manageProducts),
    editProduct: (id: string) => child(generatePath(children.editProduct, { id })),
    payment: (id: string) => child(generatePath(children.payment, { id })),
    savedLists: child(children.savedLists),
    company: child(children.company),
    approvals: child(children.approvals),
    statement: child(children.statement),
    quotes: child(children.quotes),
    quote: (id: string) => child(generatePath(children.quote, { id })),
    companies: child(children.companies),
    quoteInbox: child(children.quoteInbox),
    quoteAnswer: (id: string) => child(generatePath(children.quoteAnswer, { id })),
    auditLog: child(children.auditLog),
    sales: child(children.sales),
    apiKeys: child(children.apiKeys),
    webhooks: child(children.webhooks),
    punchout: child(children.punchout),
    priceLists: child(children.priceLists),
    warehouses: child(children.warehouses),
    taxFreight: child(children.taxFreight),
    myReturns: child(children.myReturns),
    manageReturns: child(children.manageReturns),
  },
  /** Issue 34: the cart's "Return cart to …" posts here (the server's page, not the app's). */
  punchoutReturn: '/punchout/return',
} as const;

const apiBase = '/api/v1';

/** Every API URL the web calls (same origin; Vite proxies /api in dev). */
export const api = {
  tools: (limit?: number) =>
    limit === undefined
      ? `${apiBase}/tools`
      : `${apiBase}/tools?${new URLSearchParams({ limit: String(limit) })}`,
  tool: (id: string) => `${apiBase}/tools/${encodeURIComponent(id)}`,
  toolsPage: (limit: number, offset: number) =>
    `${apiBase}/tools?${new URLSearchParams({ limit: String(limit), offset: String(offset) })}`,
  /** `GET /catalog/search` with the page's own query string (the same names). */
  catalogSearch: (query: URLSearchParams) => `${apiBase}/catalog/search?${query}`,
  catalogBrands: `${apiBase}/catalog/brands`,
  catalogProduct: (slugOrId: string) =>
    `${apiBase}/catalog/products/${encodeURIComponent(slugOrId)}`,
  catalogCategories: `${apiBase}/catalog/categories`,
  /** Issue 35: the signed-in buyer's own prices (contract, tier or list), never cached shared. */
  catalogPrices: (productIds: string[]) =>
    `${apiBase}/catalog/prices?productIds=${productIds.map(encodeURIComponent).join(',')}`,
  /** A first start's demo catalog, while it loads (null once it has). */
  catalogDemoProgress: `${apiBase}/catalog/demo-progress`,
  fitmentImport: `${apiBase}/fitment/import`,
  fitmentExport: `${apiBase}/fitment/export`,
  uploads: `${apiBase}/uploads`,
  authOptions: `${apiBase}/auth-options`,
  emailConfirmation: `${apiBase}/email-confirmation`,
  profile: (email: string) => `${apiBase}/profile/${encodeURIComponent(email)}`,
  users: (limit = 100) => `${apiBase}/user?${new URLSearchParams({ limit: String(limit) })}`,
  makeAdmin: (email: string) => `${apiBase}/user/admin/${encodeURIComponent(email)}`,
  adminCheck: (email: string) => `${apiBase}/admin/${encodeURIComponent(email)}`,
  reviews: (limit: number) => `${apiBase}/reviews?${new URLSearchParams({ limit: String(limit) })}`,
  createReview: `${apiBase}/reviews`,
  purchase: `${apiBase}/purchase`,
  myOrders: (email: string, page: { limit: number; offset: number }) =>
    `${apiBase}/purchase/${encodeURIComponent(email)}?${new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) })}`,
  myOrder: (id: string) => `${apiBase}/myPurchase/${encodeURIComponent(id)}`,
  manageOrders: (query: { limit: number; offset: number; status?: string }) =>
    `${apiBase}/manageOrder?${new URLSearchParams({ limit: String(query.limit), offset: String(query.offset), ...(query.status ? { status: query.status } : {}) })}`,
  manageOrder: (id: string) => `${apiBase}/manageOrder/${encodeURIComponent(id)}`,
  orderFreight: (id: string) => `${apiBase}/manageOrder/${encodeURIComponent(id)}/freight`,
  orderShipments: (id: string) => `${apiBase}/manageOrder/${encodeURIComponent(id)}/shipments`,
  shipmentsOf: (orderId: string) =>
    `${apiBase}/orders/${encodeURIComponent(orderId)}/shipments?limit=100`,
  packingSlip: (shipmentId: string) =>
    `${apiBase}/shipments/${encodeURIComponent(shipmentId)}/packing-slip.pdf`,
  ordersExport: (from: string, to: string) =>
    `${apiBase}/manageOrder/export.csv?${new URLSearchParams({ from, to })}`,
  invoicesExport: (from: string, to: string) =>
    `${apiBase}/invoices/export.csv?${new URLSearchParams({ from, to })}`,
  customersExport: `${apiBase}/customers/export.csv`,
  createPaymentIntent: `${apiBase}/create-payment-intent`,
  sandboxConfirm: `${apiBase}/sandbox/confirm`,
  cart: `${apiBase}/cart`,
  cartLine: (productId: string) => `${apiBase}/cart/lines/${encodeURIComponent(productId)}`,
  cartPreview: `${apiBase}/cart/preview`,
  cartMerge: `${apiBase}/cart/merge`,
  quickOrder: `${apiBase}/cart/quick-order`,
  checkout: `${apiBase}/orders`,
  /** Issue 33: the cart priced for an address: shipping methods, freight, tax, total. */
  cartQuote: `${apiBase}/cart/quote`,
  approvals: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/company/approvals?${new URLSearchParams({ limit: String(page.limit), ...(page.cursor ? { cursor: page.cursor } : {}) })}`,
  approve: (orderId: string) =>
    `${apiBase}/company/approvals/${encodeURIComponent(orderId)}/approve`,
  reject: (orderId: string) => `${apiBase}/company/approvals/${encodeURIComponent(orderId)}/reject`,
  reorder: (orderId: string) => `${apiBase}/orders/${encodeURIComponent(orderId)}/reorder`,
  invoice: (orderId: string) => `${apiBase}/orders/${encodeURIComponent(orderId)}/invoice.pdf`,
  savedLists: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/lists?${new URLSearchParams({ limit: String(page.limit), ...(page.cursor ? { cursor: page.cursor } : {}) })}`,
  saveList: `${apiBase}/lists`,
  savedList: (id: string) => `${apiBase}/lists/${encodeURIComponent(id)}`,
  addListToCart: (id: string) => `${apiBase}/lists/${encodeURIComponent(id)}/add-to-cart`,
  company: `${apiBase}/company`,
  companyMembers: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/company/members?${new URLSearchParams({ limit: String(page.limit), ...(page.cursor ? { cursor: page.cursor } : {}) })}`,
  companyMember: (userId: string) => `${apiBase}/company/members/${encodeURIComponent(userId)}`,
  companyInvitations: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/company/invitations?${new URLSearchParams({ limit: String(page.limit), ...(page.cursor ? { cursor: page.cursor } : {}) })}`,
  inviteToCompany: `${apiBase}/company/invitations`,
  companyInvitation: (id: string) => `${apiBase}/company/invitations/${encodeURIComponent(id)}`,
  invitationPreview: (token: string) =>
    `${apiBase}/company/invitations/preview?${new URLSearchParams({ token })}`,
  acceptInvitation: `${apiBase}/company/invitations/accept`,
  companyAddresses: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/company/addresses?${new URLSearchParams({ limit: String(page.limit), ...(page.cursor ? { cursor: page.cursor } : {}) })}`,
  addCompanyAddress: `${apiBase}/company/addresses`,
  companyAddress: (id: string) => `${apiBase}/company/addresses/${encodeURIComponent(id)}`,
  /** Issue 35: the company's own part numbers (GET lists; PUT sets, DELETE removes by body). */
  companyPartNumbers: (page: { limit: number; cursor?: string; q?: string }) =>
    `${apiBase}/company/part-numbers?${new URLSearchParams({ limit: String(page.limit), ...(page.cursor ? { cursor: page.cursor } : {}), ...(page.q ? { q: page.q } : {}) })}`,
  setCompanyPartNumbers: `${apiBase}/company/part-numbers`,
  importCompanyPartNumbers: `${apiBase}/company/part-numbers/import`,
  quotes: (page: QuotesPage) => `${apiBase}/quotes?${quotesQuery(page)}`,
  requestQuote: `${apiBase}/quotes`,
  quote: (id: string) => `${apiBase}/quotes/${encodeURIComponent(id)}`,
  acceptQuote: (id: string) => `${apiBase}/quotes/${encodeURIComponent(id)}/accept`,
  quotePrice: (id: string) => `${apiBase}/quotes/${encodeURIComponent(id)}/price`,
  adminQuotes: (page: QuotesPage) => `${apiBase}/admin/quotes?${quotesQuery(page)}`,
  answerQuote: (id: string) => `${apiBase}/admin/quotes/${encodeURIComponent(id)}/answer`,
  declineQuote: (id: string) => `${apiBase}/admin/quotes/${encodeURIComponent(id)}/decline`,
  // Issue 20: vehicle fitment.
  vehicleYears: `${apiBase}/vehicles/years`,
  vehicleMakes: (year: number) =>
    `${apiBase}/vehicles/makes?${new URLSearchParams({ year: String(year) })}`,
  vehicleModels: (year: number, make: string) =>
    `${apiBase}/vehicles/models?${new URLSearchParams({ year: String(year), make })}`,
  vehicleEngines: (year: number, make: string, model: string) =>
    `${apiBase}/vehicles/engines?${new URLSearchParams({ year: String(year), make, model })}`,
  vehicle: (id: number) => `${apiBase}/vehicles/${id}`,
  productFitment: (slug: string, query: { vehicle?: number; cursor?: string; limit: number }) =>
    `${apiBase}/catalog/products/${encodeURIComponent(slug)}/fitment?${new URLSearchParams({
      ...(query.vehicle ? { vehicle: String(query.vehicle) } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
      limit: String(query.limit),
    })}`,
  garage: `${apiBase}/garage`,
  garageVehicle: (vehicleId: number) => `${apiBase}/garage/${vehicleId}`,
  garageCurrent: `${apiBase}/garage/current`,
  garageMerge: `${apiBase}/garage/merge`,
  // Issue 19: paying on account.
  companyStatement: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/company/statement?${pageQuery(page)}`,
  adminCompanies: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/admin/companies?${pageQuery(page)}`,
  adminCompany: (id: string) => `${apiBase}/admin/companies/${encodeURIComponent(id)}`,
  adminCompanyStatement: (id: string, page: { limit: number; cursor?: string }) =>
    `${apiBase}/admin/companies/${encodeURIComponent(id)}/statement?${pageQuery(page)}`,
  adminCompanyTerms: (id: string) => `${apiBase}/admin/companies/${encodeURIComponent(id)}/terms`,
  // Issue 33: tax and freight (admin).
  /** Issue 35: my company's catalog limit (read only). */
  myCompanyCatalog: `${apiBase}/company/catalog`,
  /** Issue 35: a company's restricted catalog (shop admin). */
  adminCompanyCatalog: (id: string) =>
    `${apiBase}/admin/companies/${encodeURIComponent(id)}/catalog`,
  adminCompanyTaxExemption: (id: string) =>
    `${apiBase}/admin/companies/${encodeURIComponent(id)}/tax-exemption`,
  adminTaxRates: `${apiBase}/admin/tax-rates`,
  adminTaxRatesImport: `${apiBase}/admin/tax-rates/import`,
  adminShippingMethods: `${apiBase}/admin/shipping-methods`,
  invoicePayments: (orderId: string) =>
    `${apiBase}/admin/invoices/${encodeURIComponent(orderId)}/payments`,
  // Issue 21: the sales dashboard's figures for a range of the shop's days.
  sales: (query: { from: string; to: string; interval: string }) =>
    `${apiBase}/sales?${new URLSearchParams(query)}`,
  // Issue 34: the machines' API keys (admin).
  apiKeys: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/admin/api-keys?${pageQuery(page)}`,
  apiKeysCreate: `${apiBase}/admin/api-keys`,
  apiKey: (id: string) => `${apiBase}/admin/api-keys/${encodeURIComponent(id)}`,
  // Issue 34: the endpoints the shop posts its events to (admin), and their deliveries.
  webhooks: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/admin/webhooks?${pageQuery(page)}`,
  webhooksCreate: `${apiBase}/admin/webhooks`,
  webhook: (id: string) => `${apiBase}/admin/webhooks/${encodeURIComponent(id)}`,
  webhookDeliveries: (id: string, page: { limit: number; cursor?: string }) =>
    `${apiBase}/admin/webhooks/${encodeURIComponent(id)}/deliveries?${pageQuery(page)}`,
  webhookResend: (deliveryId: string) =>
    `${apiBase}/admin/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`,
  // Issue 37: returns. A buyer's request of an order, their list; the admin's list and decisions.
  orderReturns: (orderId: string) => `${apiBase}/orders/${encodeURIComponent(orderId)}/returns`,
  myReturns: (page: { limit: number; cursor?: string }) => `${apiBase}/returns?${pageQuery(page)}`,
  adminReturns: (state: string, page: { limit: number; cursor?: string }) =>
    `${apiBase}/admin/returns?${new URLSearchParams({ ...(state ? { state } : {}), ...Object.fromEntries(pageQuery(page)) })}`,
  adminReturn: (id: string, action: 'approve' | 'refuse' | 'receive' | 'refund') =>
    `${apiBase}/admin/returns/${encodeURIComponent(id)}/${action}`,
  creditNote: (id: string) => `${apiBase}/credit-notes/${encodeURIComponent(id)}.pdf`,
  creditNotePayBack: (id: string) =>
    `${apiBase}/admin/credit-notes/${encodeURIComponent(id)}/pay-back`,
  returnPhotos: `${apiBase}/returns/photos`,
  rma: (id: string) => `${apiBase}/returns/${encodeURIComponent(id)}/rma.pdf`,
  /** Issue 35: contract price lists (admin), newest first. */
  priceLists: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/admin/price-lists?${pageQuery(page)}`,
  priceListsCreate: `${apiBase}/admin/price-lists`,
  priceList: (id: string) => `${apiBase}/admin/price-lists/${encodeURIComponent(id)}`,
  priceListImport: (id: string) => `${apiBase}/admin/price-lists/${encodeURIComponent(id)}/import`,
  priceListExport: (id: string) =>
    `${apiBase}/admin/price-lists/${encodeURIComponent(id)}/export.csv`,
  /** Issue 36: warehouses and their stock (admin). */
  warehouses: `${apiBase}/admin/warehouses?limit=100`,
  warehousesCreate: `${apiBase}/admin/warehouses`,
  warehouse: (id: number) => `${apiBase}/admin/warehouses/${id}`,
  productStock: (productId: string) => `${apiBase}/admin/stock/${encodeURIComponent(productId)}`,
  stockTransfers: `${apiBase}/admin/stock/transfers`,
  stockImport: `${apiBase}/admin/stock/import`,
  lowStock: `${apiBase}/admin/stock/low?limit=100`,
  lowStockCsv: `${apiBase}/admin/stock/low.csv`,
  /** Issue 36: a product's backorder terms and the purchase orders of incoming stock (admin). */
  backorderTerms: (productId: string) =>
    `${apiBase}/admin/products/${encodeURIComponent(productId)}/backorder`,
  purchaseOrders: (productId: string) =>
    `${apiBase}/admin/purchase-orders?limit=100&productId=${encodeURIComponent(productId)}`,
  purchaseOrdersCreate: `${apiBase}/admin/purchase-orders`,
  purchaseOrdersImport: `${apiBase}/admin/purchase-orders/import`,
  purchaseOrder: (id: string) => `${apiBase}/admin/purchase-orders/${encodeURIComponent(id)}`,
  purchaseOrderReceive: (id: string) =>
    `${apiBase}/admin/purchase-orders/${encodeURIComponent(id)}/receive`,
  // Issue 34: PunchOut connections (admin), and whether my session is a punchout.
  punchoutConnections: (page: { limit: number; cursor?: string }) =>
    `${apiBase}/admin/punchout-connections?${pageQuery(page)}`,
  punchoutConnectionsCreate: `${apiBase}/admin/punchout-connections`,
  punchoutConnection: (id: string) =>
    `${apiBase}/admin/punchout-connections/${encodeURIComponent(id)}`,
  punchoutSession: `${apiBase}/punchout/session`,
  // Issue 21: the audit log; `filters` are the page's own (action, actor, target, from, to).
  auditLog: (filters: Record<string, string>, page: { limit: number; cursor?: string }) =>
    `${apiBase}/audit?${new URLSearchParams({ ...filters, ...Object.fromEntries(pageQuery(page)) })}`,
  auditExport: (filters: Record<string, string>) => {
    const query = new URLSearchParams(filters).toString();
    return `${apiBase}/audit/export.csv${query ? `?${query}` : ''}`;
  },
} as const;

type QuotesPage = { limit: number; cursor?: string; status?: string };
function quotesQuery({ limit, cursor, status }: QuotesPage) {
  return new URLSearchParams({
    limit: String(limit),
    ...(cursor ? { cursor } : {}),
    ...(status ? { status } : {}),
  });
}

/** `limit` and, after the first page, the keyset `cursor`. */
function pageQuery(page: { limit: number; cursor?: string }) {
  return new URLSearchParams({
    limit: String(page.limit),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  });
}
