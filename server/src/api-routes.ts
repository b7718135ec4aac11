import type { FastifyInstance } from 'fastify';
import { apiKeyRoutes } from './features/api-keys/api-key-routes.ts';
import { auditRoutes } from './features/audit/audit-routes.ts';
import { apiTokenRoutes } from './features/auth/api-token-routes.ts';
import type { Auth } from './features/auth/auth.ts';
import type { AllowAttempt } from './features/auth/auth-limits.ts';
import { authOptionsRoutes } from './features/auth/auth-options-routes.ts';
import { emailConfirmationRoutes } from './features/auth/email-confirmation-routes.ts';
import { backorderRoutes } from './features/backorders/backorder-routes.ts';
import { purchaseOrderImportRoutes } from './features/backorders/purchase-order-import-routes.ts';
import { cartQuoteRoutes } from './features/cart/cart-quote-routes.ts';
import { cartRoutes } from './features/cart/cart-routes.ts';
import { checkoutRoutes } from './features/cart/checkout-routes.ts';
import { quickOrderRoutes } from './features/cart/quick-order-routes.ts';
import { savedListsRoutes } from './features/cart/saved-lists-routes.ts';
import { catalogCsvRoutes } from './features/catalog/catalog-csv-routes.ts';
import { catalogRoutes } from './features/catalog/catalog-routes.ts';
import type { CatalogAnswers } from './features/catalog/catalog-search-cache.ts';
import { catalogSearchRoutes } from './features/catalog/catalog-search-routes.ts';
import { postgresCatalogSearch } from './features/catalog/postgres-catalog-search.ts';
import { productAdminRoutes } from './features/catalog/product-admin-routes.ts';
import { accountRoutes } from './features/companies/account-routes.ts';
import { approvalRoutes } from './features/companies/approval-routes.ts';
import { companyRoutes } from './features/companies/company-routes.ts';
import { companyCatalogRoutes } from './features/company-catalogs/company-catalog-routes.ts';
import { exportsRoutes } from './features/exports/exports-routes.ts';
import { fitmentCsvRoutes } from './features/fitment/fitment-csv-routes.ts';
import { garageRoutes } from './features/fitment/garage-routes.ts';
import { productFitmentRoutes } from './features/fitment/product-fitment-routes.ts';
import { vehicleRoutes } from './features/fitment/vehicle-routes.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { integrationRoutes } from './features/integration/integration-routes.ts';
import { invoiceRoutes } from './features/invoices/invoice-routes.ts';
import type { Mailer } from './features/mail/mailer.ts';
import { manageOrdersRoutes } from './features/orders/manage-orders-routes.ts';
import { ordersRoutes } from './features/orders/orders-routes.ts';
import { partNumberRoutes } from './features/part-numbers/part-number-routes.ts';
import type { Payments } from './features/payments/payment-setup.ts';
import { paymentsRoutes } from './features/payments/payments-routes.ts';
import { stripeWebhookRoutes } from './features/payments/stripe-webhook-routes.ts';
import { priceListCsvRoutes } from './features/price-lists/price-list-csv-routes.ts';
import {
  buyerPriceRoutes,
  priceListAdminRoutes,
} from './features/price-lists/price-list-routes.ts';
import { profileRoutes } from './features/profile/profile-routes.ts';
import { punchoutAdminRoutes } from './features/punchout/punchout-admin-routes.ts';
import { quoteRoutes } from './features/quotes/quote-routes.ts';
import { creditNoteRoutes } from './features/returns/credit-note-routes.ts';
import { returnPhotoRoutes } from './features/returns/return-photo-routes.ts';
import { returnsRoutes } from './features/returns/returns-routes.ts';
import { reviewsRoutes } from './features/reviews/reviews-routes.ts';
import { salesRoutes } from './features/sales/sales-routes.ts';
import { shipmentRoutes } from './features/shipments/shipment-routes.ts';
import { shippingRoutes } from './features/shipping/shipping-routes.ts';
import { taxRoutes } from './features/tax/tax-routes.ts';
import type { ImageStorage } from './features/uploads/image-storage.ts';
import { uploadRoutes } from './features/uploads/upload-routes.ts';
import { usersRoutes } from './features/users/users-routes.ts';
import { stockCsvRoutes } from './features/warehouses/stock-csv-routes.ts';
import { warehouseRoutes } from './features/warehouses/warehouse-routes.ts';
import { webhookRoutes } from './features/webhooks/webhook-routes.ts';

/** What the API's routes are built with: the shop's seams, made once by buildApp. */
export interface ApiDependencies {
  auth: Auth;
  allowAttempt: AllowAttempt;
  mailer: Mailer;
  payments: Payments;
  /** Product images. */
  images: ImageStorage;
  /** Issue 37: return photos, apart from the product images (never served by /uploads). */
  returnPhotos: ImageStorage;
  /** The public catalog's answers (its search on the read replica when there is one). */
  catalogAnswers: CatalogAnswers;
}

/**
 * The API's routes, registered under /api/v1 by buildApp (app.ts), in this order. Each feature
 * owns its routes; this only gives each the shop's seams it needs.
 */
export function apiRoutes({
  auth,
  allowAttempt,
  mailer,
  payments,
  images,
  returnPhotos,
  catalogAnswers,
}: ApiDependencies) {
  return async (api: FastifyInstance) => {
    await api.register(healthRoutes);
    await api.register(catalogRoutes);
    await api.register(catalogSearchRoutes(catalogAnswers));
    await api.register(vehicleRoutes);
    await api.register(productFitmentRoutes);
    await api.register(garageRoutes);
    await api.register(authOptionsRoutes);
    await api.register(emailConfirmationRoutes(auth, allowAttempt));
    await api.register(apiTokenRoutes(auth, allowAttempt));
    await api.register(usersRoutes);
    await api.register(profileRoutes);
    // The admin's own edit is read back from the primary.
    await api.register(productAdminRoutes(images, postgresCatalogSearch(api.db)));
    await api.register(uploadRoutes(images));
    await api.register(catalogCsvRoutes);
    await api.register(fitmentCsvRoutes);
    await api.register(reviewsRoutes);
    await api.register(ordersRoutes({ mailer }));
    await api.register(cartRoutes);
    await api.register(quickOrderRoutes);
    await api.register(cartQuoteRoutes);
    await api.register(checkoutRoutes({ mailer }));
    await api.register(taxRoutes);
    await api.register(shippingRoutes);
    await api.register(savedListsRoutes);
    await api.register(invoiceRoutes);
    await api.register(manageOrdersRoutes({ mailer }));
    await api.register(shipmentRoutes({ mailer }));
    await api.register(returnsRoutes({ mailer, provider: payments.provider }));
    await api.register(returnPhotoRoutes(returnPhotos));
    await api.register(creditNoteRoutes);
    await api.register(paymentsRoutes({ mailer, ...payments }));
    await api.register(stripeWebhookRoutes({ mailer, ...payments }));
    await api.register(companyRoutes({ mailer }));
    await api.register(partNumberRoutes);
    await api.register(companyCatalogRoutes);
    await api.register(approvalRoutes({ mailer }));
    await api.register(accountRoutes({ mailer }));
    await api.register(quoteRoutes({ mailer }));
    await api.register(exportsRoutes);
    await api.register(auditRoutes);
    await api.register(salesRoutes);
    await api.register(apiKeyRoutes);
    await api.register(integrationRoutes);
    await api.register(webhookRoutes);
    await api.register(punchoutAdminRoutes);
    await api.register(priceListAdminRoutes);
    await api.register(priceListCsvRoutes);
    await api.register(buyerPriceRoutes);
    await api.register(warehouseRoutes);
    await api.register(stockCsvRoutes);
    await api.register(backorderRoutes);
    await api.register(purchaseOrderImportRoutes);
  };
}
