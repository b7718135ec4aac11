import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useShippingMethods, useTaxRates } from '../../features/tax-freight/api/tax-freight';
import { ShippingMethodsEditor } from '../../features/tax-freight/components/shipping-methods-editor';
import { TaxRatesEditor } from '../../features/tax-freight/components/tax-rates-editor';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Issue 33, shop admin: the US sales-tax table and the shipping methods checkout prices freight
 * by. EU VAT rates are the law's (domain/src/tax.ts); the shop's origin and VAT number are
 * settings (SHOP_TAX_COUNTRY, SHOP_VAT_NUMBER). A company's exemption is on its page.
 */
export function TaxFreightPage() {
  usePageTitle('Tax and freight');
  const rates = useTaxRates();
  const methods = useShippingMethods();
  return (
    <section className="flex flex-col gap-10">
      <PageHeader
        level={2}
        title="Tax and freight"
        description="US sales tax by ship-to state, and the shipping methods checkout offers. EU VAT follows the ship-to country's standard rate; a company's exemption certificate is on its page under Companies."
      />
      <section aria-labelledby="tax-rates-title">
        <h3 id="tax-rates-title" className="mb-3 text-xl font-semibold">
          Sales tax by state
        </h3>
        {rates.isPending ? (
          <Spinner text="Loading the tax rates…" />
        ) : rates.isError ? (
          <p role="alert" className="text-error">
            {rates.error.message}
          </p>
        ) : (
          <TaxRatesEditor rates={rates.data.rates} />
        )}
      </section>
      <section aria-labelledby="shipping-methods-title">
        <h3 id="shipping-methods-title" className="mb-3 text-xl font-semibold">
          Shipping methods
        </h3>
        {methods.isPending ? (
          <Spinner text="Loading the shipping methods…" />
        ) : methods.isError ? (
          <p role="alert" className="text-error">
            {methods.error.message}
          </p>
        ) : (
          <ShippingMethodsEditor key={methods.dataUpdatedAt} methods={methods.data.methods} />
        )}
      </section>
    </section>
  );
}
