import { type AuditEntry, auditActionLabels } from '@proper-parts/domain/audit';
import { formatDateTime } from '../../../lib/format';

const labelOf = (action: string) =>
  (auditActionLabels as Record<string, string | undefined>)[action] ?? action;

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Before and after, field by field: only the fields either side has. */
function AuditDiff({ entry }: { entry: AuditEntry }) {
  const keys = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  if (keys.length === 0) return null;
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs text-base-content/70">Before and after</summary>
      <table className="table table-xs mt-1">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              <td className="break-all line-through decoration-error/60">
                {shown(entry.before?.[key])}
              </td>
              <td className="break-all">{shown(entry.after?.[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** On a phone each entry stacks into a card, every cell with its column's name before it. */
const STACKED_CELL =
  'max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:before:mr-1 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]';

/**
 * The audit log's entries, newest first: a table, where on a phone each row stacks into a card
 * with its time, actor, address, action and target (the table scrolled sideways, and the time
 * went out of view with a click on "Before and after").
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm max-sm:block">
        <thead className="max-sm:sr-only">
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col" className="hidden md:table-cell">
              IP
            </th>
            <th scope="col">Action</th>
            <th scope="col" className="hidden sm:table-cell">
              Target
            </th>
            <th scope="col">Summary</th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {entries.map((entry) => (
            <tr
              key={entry.id}
              data-testid="audit-row"
              className="align-top max-sm:block max-sm:px-4 max-sm:py-3"
            >
              <td data-label="Time:" className={`whitespace-nowrap tabular-nums ${STACKED_CELL}`}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td data-label="Actor:" className={`break-all ${STACKED_CELL}`}>
                {entry.actorEmail ?? entry.actorId ?? 'Anonymous'}
              </td>
              <td
                data-label="IP:"
                className={`hidden whitespace-nowrap tabular-nums md:table-cell ${STACKED_CELL}`}
              >
                {entry.ip ?? '—'}
              </td>
              <td data-label="Action:" className={`whitespace-nowrap ${STACKED_CELL}`}>
                {labelOf(entry.action)}
              </td>
              <td data-label="Target:" className={`hidden break-all sm:table-cell ${STACKED_CELL}`}>
                <span className="text-base-content/70">{entry.targetType}</span> {entry.targetId}
              </td>
              <td className="min-w-48 max-sm:block max-sm:px-0 max-sm:pt-1">
                {entry.summary}
                <AuditDiff entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
