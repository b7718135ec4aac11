import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useCreateCompany } from '../../features/companies/api/create-company';
import { useMyCompany } from '../../features/companies/api/get-my-company';
import { AddressBook } from '../../features/companies/components/address-book';
import { CatalogLimitNote } from '../../features/companies/components/catalog-limit-note';
import { CompanyDetails } from '../../features/companies/components/company-details';
import { CompanyFieldsForm } from '../../features/companies/components/company-fields-form';
import { InvitationsList } from '../../features/companies/components/invitations-list';
import { InviteForm } from '../../features/companies/components/invite-form';
import { MembersList } from '../../features/companies/components/members-list';
import { PartNumbersSection } from '../../features/part-numbers/components/part-numbers-section';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 border-t border-base-300 pt-8" aria-label={title}>
      <h3 className="mb-4 text-xl font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function CreateCompany() {
  const create = useCreateCompany();
  return (
    <section>
      <PageHeader
        level={2}
        title="Create your company"
        description="Buy as a company: invite colleagues, give buyers a limit per order, and have larger orders approved. You become its company admin."
      />
      <CompanyFieldsForm
        submitLabel="Create company"
        error={create.error?.message}
        onSubmit={(values) =>
          create.mutateAsync(values).then((made) => toast.success(`${made.name} created`))
        }
      />
      <p className="mt-8 max-w-xl rounded-box bg-base-200/60 p-4 text-sm">
        <strong>Joining your company instead?</strong> Ask your company admin for an invitation: it
        comes by email, and opening its link while signed in with that address adds you.
      </p>
    </section>
  );
}

/** Company accounts (issue 19): create a company, or manage the one I belong to. */
export function CompanyPage() {
  usePageTitle('Company');
  const { company, isPending, isError, error } = useMyCompany();

  if (isPending) return <Spinner text="Loading your company…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  if (!company) return <CreateCompany />;
  const isAdmin = company.me.role === 'admin';

  return (
    <section>
      <PageHeader
        level={2}
        title={company.name}
        description={
          isAdmin
            ? 'You manage this company: its details, members, invitations, addresses and part numbers.'
            : 'Your company account. Its admins manage members and addresses.'
        }
      />
      <CompanyDetails company={company} />
      <CatalogLimitNote />
      <Section title="Members">
        <MembersList canManage={isAdmin} canLeave={company.me.canLeave} />
      </Section>
      {isAdmin && (
        <Section title="Invite a colleague">
          <InviteForm />
          <h4 className="mt-6 mb-2 font-semibold">Pending invitations</h4>
          <InvitationsList />
        </Section>
      )}
      <Section title="Shipping addresses">
        <AddressBook canManage={isAdmin} />
      </Section>
      {isAdmin && (
        <Section title="Part numbers">
          <PartNumbersSection />
        </Section>
      )}
    </section>
  );
}
