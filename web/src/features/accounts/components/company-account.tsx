import { companyRoleNames, type StatementInvoice } from '@proper-parts/domain/companies';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { formatDate, formatPrice } from '../../../lib/format';
import { TaxExemptionForm } from '../../tax-freight/components/tax-exemption-form';
import { useCompany } from '../api/get-company';
import { useCompanyStatement } from '../api/get-company-statement';
import { CompanyCatalogForm } from './company-catalog-form';
import { CreditSummary } from './credit-summary';
import { InvoicesTable } from './invoices-table';
import { LoadMore } from './load-more';
import { RecordPaymentModal } from './record-payment-modal';
import { TermsForm } from './terms-form';

const backLink = (
  <Link to={paths.dashboard.companies} className="link link-primary text-sm">
    ← All companies
  </Link>
);

/** Shop admin: one company's account: credit, terms, members, and its invoices on account. */
export function CompanyAccount({ id }: { id: string }) {
  const company = useCompany(id);
  const statement = useCompanyStatement(id);
  const [paying, setPaying] = useState<StatementInvoice | null>(null);

  if (company.isPending) return <Spinner text="Loading the company…" />;
  if (company.isError)
    return (
      <div className="flex flex-col gap-4">
        {backLink}
        <p role="alert" className="font-medium text-error">
          {company.error.message}
        </p>
      </div>
    );
  const detail = company.data;
  const first = statement.data?.pages[0];
  const invoices = statement.data?.pages.flatMap((page) => page.invoices) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div>
        {backLink}
        <h3 className="mt-2 text-2xl font-bold break-words">{detail.name}</h3>
        <p className="text-sm text-base-content/70 break-words">
          {detail.taxId ? `Tax ID ${detail.taxId} · ` : ''}
          {detail.billingAddress}
        </p>
      </div>
      <CreditSummary
        termsDays={detail.termsDays}
        creditLimit={detail.creditLimit}
        balance={detail.balance}
        availableCredit={detail.availableCredit}
        overdueTotal={detail.overdue}
        awaitingApproval={first?.awaitingApproval}
      />
      <TermsForm key={`${detail.termsDays}-${detail.creditLimit}`} company={detail} />
      <TaxExemptionForm companyId={detail._id} />
      <CompanyCatalogForm companyId={detail._id} />

      <section aria-labelledby="company-invoices">
        <h3 id="company-invoices" className="mb-3 text-lg font-semibold">
          Invoices on account
        </h3>
        {statement.isPending ? (
          <Spinner text="Loading invoices…" />
        ) : statement.isError ? (
          <p role="alert" className="font-medium text-error">
            {statement.error.message}
          </p>
        ) : invoices.length === 0 ? (
          <EmptyState title="No invoices on account yet" />
        ) : (
          <>
            <InvoicesTable
              invoices={invoices}
              action={(invoice) =>
                invoice.settled ? null : (
                  <button
                    type="button"
                    className="btn btn-primary btn-xs whitespace-nowrap sm:btn-sm"
                    onClick={() => setPaying(invoice)}
                    aria-label={`Record payment for invoice ${invoice.invoiceNumber}`}
                  >
                    Record payment
                  </button>
                )
              }
            />
            <LoadMore
              hasMore={statement.hasNextPage}
              busy={statement.isFetchingNextPage}
              onLoad={() => statement.fetchNextPage()}
            />
          </>
        )}
      </section>

      <section aria-labelledby="company-members">
        <h3 id="company-members" className="mb-3 text-lg font-semibold">
          Members ({detail.members})
        </h3>
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {detail.memberList.map((member) => (
            <li
              key={member.userId}
              className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{member.name}</p>
                <p className="text-sm break-all text-base-content/70">{member.email}</p>
              </div>
              <p className="text-sm text-base-content/70 sm:text-right">
                {companyRoleNames[member.role]}
                {member.orderLimit !== null && ` · limit ${formatPrice(member.orderLimit)}`}
                <span className="block text-xs">Joined {formatDate(member.joinedAt)}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>
      {paying && <RecordPaymentModal invoice={paying} onClose={() => setPaying(null)} />}
    </div>
  );
}
