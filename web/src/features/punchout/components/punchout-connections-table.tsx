import { type PunchoutConnection, punchoutProtocolLabels } from '@proper-parts/domain/punchout';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeletePunchoutConnection } from '../api/delete-punchout-connection';

/** Shop admin: every connection, whose it is, who it shops as, when it was last used. */
export function PunchoutConnectionsTable({ connections }: { connections: PunchoutConnection[] }) {
  const [deleting, setDeleting] = useState<PunchoutConnection | null>(null);
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm md:table-md">
        <thead>
          <tr>
            <th scope="col">Connection</th>
            <th scope="col" className="hidden md:table-cell">
              Identity
            </th>
            <th scope="col" className="hidden sm:table-cell">
              Last punchout
            </th>
            <th scope="col" className="text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {connections.map((connection) => (
            <tr key={connection.id} data-testid="punchout-connection-row">
              <th scope="row" className="font-medium">
                <span className="break-words">{connection.name}</span>
                <span className="block text-xs font-normal text-base-content/70">
                  {connection.companyName} · {punchoutProtocolLabels[connection.protocol]}
                </span>
                <span className="block break-all text-xs font-normal text-base-content/70">
                  as {connection.userEmail}
                </span>
                <span className="block break-all text-xs font-normal text-base-content/70 md:hidden">
                  {connection.fromDomain ? `${connection.fromDomain}: ` : ''}
                  {connection.fromIdentity}
                </span>
              </th>
              <td className="hidden break-all md:table-cell">
                {connection.fromDomain && (
                  <span className="block text-xs text-base-content/60">
                    {connection.fromDomain}
                  </span>
                )}
                <code className="text-sm">{connection.fromIdentity}</code>
              </td>
              <td className="hidden whitespace-nowrap sm:table-cell">
                {connection.lastStartedAt ? formatDateTime(connection.lastStartedAt) : 'Never'}
              </td>
              <td className="text-right">
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-xs"
                  onClick={() => setDeleting(connection)}
                >
                  Delete<span className="sr-only"> {connection.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {deleting && <DeleteModal connection={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function DeleteModal({
  connection,
  onClose,
}: {
  connection: PunchoutConnection;
  onClose: () => void;
}) {
  const remove = useDeletePunchoutConnection();
  return (
    <ConfirmModal
      title={`Delete “${connection.name}”?`}
      description="Its setups, logins and purchase orders are refused from now on, and open punchouts end. Orders it placed stay."
      confirmLabel="Yes, delete it"
      cancelLabel="Keep it"
      busy={remove.isPending}
      error={remove.error?.message}
      onConfirm={async () => {
        const { message } = await remove.mutateAsync(connection.id);
        toast.success(message ?? 'PunchOut connection deleted');
      }}
      onClose={onClose}
    />
  );
}
