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

/** The audit log's entries, newest first. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm">
        <thead>
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
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-row" className="align-top">
              <td className="whitespace-nowrap tabular-nums">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td className="break-all">{entry.actorEmail ?? entry.actorId ?? 'Anonymous'}</td>
              <td className="hidden whitespace-nowrap tabular-nums md:table-cell">
                {entry.ip ?? '—'}
              </td>
              <td className="whitespace-nowrap">{labelOf(entry.action)}</td>
              <td className="hidden break-all sm:table-cell">
                <span className="text-base-content/70">{entry.targetType}</span> {entry.targetId}
              </td>
              <td className="min-w-48">
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
