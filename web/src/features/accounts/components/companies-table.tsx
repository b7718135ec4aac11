import type { CompanySummary } from '@proper-parts/domain/companies';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatCount, formatPrice } from '../../../lib/format';
import { termsLabel } from '../format-day';

/** Shop admin: the companies, each a link to its account. */
export function CompaniesTable({ companies }: { companies: CompanySummary[] }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm md:table-md">
        <thead>
          <tr>
            <th scope="col">Company</th>
            <th scope="col" className="hidden text-right sm:table-cell">
              Members
            </th>
            <th scope="col" className="hidden md:table-cell">
              Terms
            </th>
            <th scope="col" className="hidden text-right md:table-cell">
              Credit
            </th>
            <th scope="col" className="text-right">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {companies.map((company) => (
            <tr key={company._id} data-testid="company-row">
              <th scope="row" className="font-medium">
                <Link
                  to={`${paths.dashboard.companies}?${new URLSearchParams({ company: company._id })}`}
                  className="link link-primary break-words"
                >
                  {company.name}
                </Link>
                <span className="block text-xs font-normal text-base-content/70 md:hidden">
                  {termsLabel(company.termsDays)} · {formatCount(company.members)}{' '}
                  {company.members === 1 ? 'member' : 'members'}
                </span>
              </th>
              <td className="hidden text-right tabular-nums sm:table-cell">
                {formatCount(company.members)}
              </td>
              <td className="hidden whitespace-nowrap md:table-cell">
                {termsLabel(company.termsDays)}
              </td>
              <td className="hidden text-right whitespace-nowrap tabular-nums md:table-cell">
                {formatPrice(company.creditLimit)}
              </td>
              <td className="text-right whitespace-nowrap tabular-nums">
                {formatPrice(company.balance)}
                {company.overdue > 0 && (
                  <span className="mt-1 block">
                    <span className="badge badge-error badge-sm whitespace-nowrap">
                      Overdue {formatPrice(company.overdue)}
                    </span>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
