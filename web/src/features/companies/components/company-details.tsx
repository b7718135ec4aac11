import { addressLines } from '@proper-parts/domain/addresses';
import { type Company, companyRoleNames } from '@proper-parts/domain/companies';
import { formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useUpdateCompany } from '../api/update-company';
import { CompanyFieldsForm } from './company-fields-form';

/** The company's details (editable by its admins), my role, and its terms (set by the shop). */
export function CompanyDetails({ company }: { company: Company }) {
  const update = useUpdateCompany();
  const isAdmin = company.me.role === 'admin';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby="company-details" className="min-w-0">
        <h3 id="company-details" className="mb-4 text-xl font-semibold">
          Company details
        </h3>
        {isAdmin ? (
          <CompanyFieldsForm
            defaultValues={{
              name: company.name,
              taxId: company.taxId,
              billingAddress: company.billingAddress,
              billingTo: company.billingTo,
            }}
            submitLabel="Save details"
            error={update.error?.message}
            onSubmit={(values) =>
              update.mutateAsync(values).then(() => toast.success('Company details saved'))
            }
          />
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-base-content/70">Legal name</dt>
            <dd className="break-words">{company.name}</dd>
            <dt className="font-medium text-base-content/70">Tax or VAT number</dt>
            <dd className="break-words">{company.taxId || '—'}</dd>
            <dt className="font-medium text-base-content/70">Billing address</dt>
            <dd className="break-words whitespace-pre-line">
              {company.billingTo
                ? addressLines(company.billingTo).join('\n')
                : company.billingAddress}
            </dd>
          </dl>
        )}
      </section>
      <aside className="self-start rounded-box border border-base-300 bg-base-200/60 p-4 text-sm">
        <dl className="flex flex-col gap-3">
          <div>
            <dt className="font-medium text-base-content/70">Your role</dt>
            <dd className="text-base font-semibold">{companyRoleNames[company.me.role]}</dd>
            {company.me.role === 'buyer' && (
              <dd>
                {company.me.orderLimit === null
                  ? 'No limit per order'
                  : `Up to ${formatPrice(company.me.orderLimit)} per order; above that, an approver decides`}
              </dd>
            )}
          </div>
          <div>
            <dt className="font-medium text-base-content/70">Payment terms</dt>
            <dd>
              {company.termsDays === null
                ? 'Card payment (the shop grants terms on account)'
                : `Net ${company.termsDays} days on account`}
            </dd>
          </div>
          {company.termsDays !== null && (
            <div>
              <dt className="font-medium text-base-content/70">Available credit</dt>
              <dd className="text-base font-semibold">{formatPrice(company.availableCredit)}</dd>
              <dd>
                of {formatPrice(company.creditLimit)}; {formatPrice(company.balance)} owed
              </dd>
            </div>
          )}
        </dl>
      </aside>
    </div>
  );
}
