import type { ApiKeySummary } from '@proper-parts/domain/api-keys';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** Shop admin: every key, what it reaches, when it was last used; revoke one. */
export function ApiKeysTable({ keys }: { keys: ApiKeySummary[] }) {
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm md:table-md">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col" className="hidden md:table-cell">
              Scopes
            </th>
            <th scope="col" className="hidden sm:table-cell">
              Last used
            </th>
            <th scope="col" className="text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-testid="api-key-row">
              <th scope="row" className="font-medium">
                <span className="break-words">{key.name}</span>
                <code className="block text-xs font-normal text-base-content/60">
                  {key.prefix}…
                </code>
                <span className="block text-xs font-normal text-base-content/70 md:hidden">
                  {key.scopes.join(', ')}
                </span>
                <span className="block text-xs font-normal text-base-content/70 sm:hidden">
                  Last used: {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}
                </span>
              </th>
              <td className="hidden md:table-cell">
                <ul className="flex flex-wrap gap-1">
                  {key.scopes.map((scope) => (
                    <li key={scope} className="badge badge-ghost badge-sm whitespace-nowrap">
                      {scope}
                    </li>
                  ))}
                </ul>
              </td>
              <td className="hidden whitespace-nowrap sm:table-cell">
                {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}
              </td>
              <td className="text-right">
                {key.revokedAt ? (
                  <span className="badge badge-error badge-sm whitespace-nowrap">Revoked</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-xs"
                    onClick={() => setRevoking(key)}
                  >
                    Revoke<span className="sr-only"> {key.name}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {revoking && <RevokeModal apiKey={revoking} onClose={() => setRevoking(null)} />}
    </div>
  );
}

function RevokeModal({ apiKey, onClose }: { apiKey: ApiKeySummary; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmModal
      title={`Revoke “${apiKey.name}”?`}
      description="Whatever uses this key is refused from its next call on. This cannot be undone: make a new key instead."
      confirmLabel="Yes, revoke key"
      cancelLabel="Keep key"
      busy={revoke.isPending}
      error={revoke.error?.message}
      onConfirm={async () => {
        const { message } = await revoke.mutateAsync(apiKey.id);
        toast.success(message ?? 'API key revoked');
      }}
      onClose={onClose}
    />
  );
}
