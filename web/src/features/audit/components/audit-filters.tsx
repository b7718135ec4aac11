import { AUDIT_ACTIONS, auditActionLabels } from '@proper-parts/domain/audit';
import type { FormEvent } from 'react';
import { FormField, SelectField } from '../../../components/form-field';
import type { AuditFilters } from '../api/get-audit-log';

const FIELDS = ['action', 'actor', 'target', 'from', 'to'] as const;

/**
 * The audit log's filters. Applying them sets the page's URL (`?action=…&actor=…`), so that a
 * filtered list can be shared and the back button undoes a filter.
 */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const problem = filters.from && filters.to && filters.from > filters.to;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(
      Object.fromEntries(
        FIELDS.map((field) => [field, String(form.get(field) ?? '').trim()]).filter(
          ([, value]) => value,
        ),
      ),
    );
  };
  // `key`: the inputs start again from the URL when it changes (back button, Clear).
  return (
    <form
      key={JSON.stringify(filters)}
      aria-label="Filter the audit log"
      className="mb-4 grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={submit}
    >
      <SelectField label="Action" name="action" defaultValue={filters.action}>
        <option value="">Every action</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {auditActionLabels[action]}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Actor (email or user id)"
        name="actor"
        defaultValue={filters.actor}
        autoComplete="off"
      />
      <FormField
        label="Target (id, email, or type:id)"
        name="target"
        defaultValue={filters.target}
        autoComplete="off"
      />
      <FormField label="From" name="from" type="date" defaultValue={filters.from} />
      <FormField
        label="To (included)"
        name="to"
        type="date"
        defaultValue={filters.to}
        error={problem ? 'The first date is after the last' : undefined}
      />
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary">
          Apply filters
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}
