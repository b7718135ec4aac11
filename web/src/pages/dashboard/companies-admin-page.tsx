import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useCompanies } from '../../features/accounts/api/get-companies';
import { CompaniesTable } from '../../features/accounts/components/companies-table';
import { CompanyAccount } from '../../features/accounts/components/company-account';
import { LoadMore } from '../../features/accounts/components/load-more';
import { usePageTitle } from '../../lib/use-page-title';

/** Shop admin (issue 19): the companies, and one company's terms, credit and invoices. */
export function CompaniesAdminPage() {
  usePageTitle('Companies');
  const [params] = useSearchParams();
  const selected = params.get('company');

  return (
    <section>
      <PageHeader
        level={2}
        title="Companies"
        description="Business customers: grant net terms and credit, follow what they owe, and record their payments."
      />
      {selected ? <CompanyAccount key={selected} id={selected} /> : <CompaniesList />}
    </section>
  );
}

function CompaniesList() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useCompanies();
  const companies = data?.pages.flatMap((page) => page.companies) ?? [];

  if (isPending) return <Spinner text="Loading companies…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  if (companies.length === 0)
    return (
      <EmptyState title="No companies yet">
        A customer creates one from the Company page of their dashboard.
      </EmptyState>
    );
  return (
    <>
      <CompaniesTable companies={companies} />
      <LoadMore hasMore={hasNextPage} busy={isFetchingNextPage} onLoad={() => fetchNextPage()} />
    </>
  );
}
