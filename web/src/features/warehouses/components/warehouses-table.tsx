import type { Warehouse } from '@proper-parts/domain/warehouses';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useRemoveWarehouse } from '../api/warehouses';
import { WarehouseForm, zoneText } from './warehouse-form';

/** Issue 36: the shop's warehouses, each with Edit and Remove (the server says when it stays). */
export function WarehousesTable({ warehouses }: { warehouses: Warehouse[] }) {
  const [editing, setEditing] = useState<Warehouse | null>(null);
  const [removing, setRemoving] = useState<Warehouse | null>(null);
  const remove = useRemoveWarehouse();
  return (
    <>
      <div className="overflow-x-auto">
        <table className="table table-sm" data-testid="warehouses-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Public name</th>
              <th>Country</th>
              <th>Ships to</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {warehouses.map((w) => (
              <tr key={w.id}>
                <td>{w.name}</td>
                <td>{w.publicName}</td>
                <td>{w.country}</td>
                <td>{zoneText(w)}</td>
                <td className="whitespace-nowrap text-right">
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    aria-label={`Edit ${w.name}`}
                    onClick={() => setEditing(w)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs text-error"
                    aria-label={`Remove ${w.name}`}
                    onClick={() => {
                      remove.reset();
                      setRemoving(w);
                    }}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && (
        <Modal title={`Edit ${editing.name}`} onClose={() => setEditing(null)}>
          {({ close }) => <WarehouseForm editing={editing} onDone={close} />}
        </Modal>
      )}
      {removing && (
        <ConfirmModal
          title={`Remove ${removing.name}?`}
          description="Only a warehouse that holds no pieces and is in no order can go; its empty stock rows go with it."
          confirmLabel="Yes, remove it"
          cancelLabel="Keep it"
          busy={remove.isPending}
          error={remove.error?.message}
          onConfirm={async () => {
            const { message } = await remove.mutateAsync(removing.id);
            toast.success(message ?? 'Warehouse removed');
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );
}
