import type { Warehouse } from '@proper-parts/domain/warehouses';
import { useState } from 'react';
import { FormField, SelectField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { productIdOfSku, useAdjustStock, useTransferStock } from '../api/warehouses';

const options = (warehouses: Warehouse[]) =>
  warehouses.map((w) => (
    <option key={w.id} value={w.id}>
      {w.name}
    </option>
  ));

/** Issue 36: sets a part's count in one warehouse, with the reason (audited). */
export function AdjustStockForm({ warehouses }: { warehouses: Warehouse[] }) {
  const adjust = useAdjustStock();
  const [sku, setSku] = useState('');
  const [warehouse, setWarehouse] = useState('');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setError('');
        try {
          const productId = await productIdOfSku(sku);
          const body = {
            warehouse: Number(warehouse || warehouses[0]?.id),
            quantity: Number(quantity),
            reason,
          };
          const { data } = await adjust.mutateAsync({ productId, body });
          toast.success(`Stock saved: ${data.availableQuantity} in all`);
        } catch (failure) {
          setError((failure as Error).message);
        }
      }}
    >
      <FormField label="SKU" value={sku} onChange={(e) => setSku(e.target.value)} required />
      <SelectField
        label="Warehouse"
        value={warehouse}
        onChange={(e) => setWarehouse(e.target.value)}
      >
        {options(warehouses)}
      </SelectField>
      <FormField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={0}
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        required
      />
      <FormField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
      />
      <button type="submit" className="btn btn-primary self-start" disabled={adjust.isPending}>
        Save stock
      </button>
      {error && (
        <p role="alert" className="text-sm text-error sm:col-span-2">
          {error}
        </p>
      )}
    </form>
  );
}

/** Issue 36: moves pieces of a part between two warehouses, all or nothing. */
export function TransferStockForm({ warehouses }: { warehouses: Warehouse[] }) {
  const transfer = useTransferStock();
  const [sku, setSku] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setError('');
        try {
          const productId = await productIdOfSku(sku);
          const { message } = await transfer.mutateAsync({
            productId,
            from: Number(from || warehouses[0]?.id),
            to: Number(to || warehouses[1]?.id),
            quantity: Number(quantity),
          });
          toast.success(message ?? 'Stock moved');
        } catch (failure) {
          setError((failure as Error).message);
        }
      }}
    >
      <FormField
        label="SKU to move"
        value={sku}
        onChange={(e) => setSku(e.target.value)}
        required
      />
      <FormField
        label="Pieces"
        type="number"
        inputMode="numeric"
        min={1}
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        required
      />
      <SelectField
        label="From"
        value={from || String(warehouses[0]?.id ?? '')}
        onChange={(e) => setFrom(e.target.value)}
      >
        {options(warehouses)}
      </SelectField>
      <SelectField
        label="To"
        value={to || String(warehouses[1]?.id ?? '')}
        onChange={(e) => setTo(e.target.value)}
      >
        {options(warehouses)}
      </SelectField>
      <button type="submit" className="btn btn-primary self-start" disabled={transfer.isPending}>
        Move stock
      </button>
      {error && (
        <p role="alert" className="text-sm text-error sm:col-span-2">
          {error}
        </p>
      )}
    </form>
  );
}
