import {
  type PurchaseOrderImportReport,
  purchaseOrderImportReport,
} from '@proper-parts/domain/backorders';
import { useCallback, useRef } from 'react';
import { api } from '../../../config/paths';
import {
  idempotencyHeader,
  isTransient,
  newIdempotencyKey,
} from '../../../lib/idempotent-mutation';
import { type ImportProgress, uploadCsv } from '../../../lib/upload-csv';

/**
 * `POST /admin/purchase-orders/import`, with its progress batch by batch (see `uploadCsv`). Each
 * line adds a purchase order, so an import sends an `Idempotency-Key` (as `useIdempotentMutation`
 * does): the same key when the same file is sent again after no answer or a 503 (the import may
 * have committed: the server answers its report and adds nothing more), a new one after an
 * answer or a refusal.
 */
export function useImportPurchaseOrders() {
  const pending = useRef<{ file: File; key: string } | null>(null);
  return useCallback(
    async (
      file: File,
      onProgress: (progress: ImportProgress) => void,
    ): Promise<PurchaseOrderImportReport> => {
      if (pending.current?.file !== file) pending.current = { file, key: newIdempotencyKey() };
      const { key } = pending.current;
      try {
        const report = await uploadCsv(
          api.purchaseOrdersImport,
          file,
          purchaseOrderImportReport,
          onProgress,
          idempotencyHeader(key),
        );
        if (pending.current?.key === key) pending.current = null;
        return report;
      } catch (error) {
        if (!isTransient(error) && pending.current?.key === key) pending.current = null;
        throw error;
      }
    },
    [],
  );
}
