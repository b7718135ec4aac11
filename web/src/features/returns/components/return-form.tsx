import type { Order } from '@proper-parts/domain/orders';
import {
  createReturnRequest,
  MAX_RETURN_PHOTOS,
  RETURN_REASONS,
  type ReturnReason,
  returnReasonLabels,
} from '@proper-parts/domain/returns';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TextAreaField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { uploadReturnPhoto, useCreateReturn } from '../api/returns';

interface Shipped {
  productId: string;
  sku: string;
  name: string;
  shipped: number;
}

/** The order's products with pieces shipped (an order may name a product on several lines). */
export function shippedProductsOf(order: Order): Shipped[] {
  const byProduct = new Map<string, Shipped>();
  for (const line of order.lines) {
    if (!line.shipped) continue;
    const found = byProduct.get(line.productId);
    if (found) found.shipped += line.shipped;
    else
      byProduct.set(line.productId, {
        productId: line.productId,
        sku: line.sku,
        name: line.name,
        shipped: line.shipped,
      });
  }
  return [...byProduct.values()];
}

type Errors = { lines?: string; note?: string; photos?: string };

/**
 * My Orders (issue 37): "Return items" on an order with shipped pieces: how many of each to send
 * back and why, and a note. 0 leaves a product out. The server decides what is left to return.
 */
export function ReturnForm({ order }: { order: Order }) {
  const id = useId();
  const create = useCreateReturn();
  const shipped = shippedProductsOf(order);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, ReturnReason>>({});
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  if (shipped.length === 0) return null;

  const submit = async () => {
    const lines = shipped
      .map((entry) => ({
        productId: entry.productId,
        quantity: Number(quantities[entry.productId] || 0),
        reason: reasons[entry.productId] ?? ('' as ReturnReason),
      }))
      .filter((line) => line.quantity !== 0);
    const parsed = createReturnRequest.safeParse({ lines, ...(note.trim() ? { note } : {}) });
    const photoError =
      photos.length > MAX_RETURN_PHOTOS ? `At most ${MAX_RETURN_PHOTOS} photos` : undefined;
    if (!parsed.success || photoError) {
      const found: Errors = photoError ? { photos: photoError } : {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = issue.path[0] === 'note' ? 'note' : 'lines';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    // Issue 37: the photos go first, through the upload path; the request names them.
    let names: string[] = [];
    if (photos.length > 0) {
      setUploading(true);
      try {
        names = [];
        for (const photo of photos) names.push((await uploadReturnPhoto(photo)).name);
      } catch (error) {
        setErrors({ photos: (error as Error).message });
        return;
      } finally {
        setUploading(false);
      }
    }
    create.mutate(
      { orderId: order._id, body: { ...parsed.data, ...(names.length ? { photos: names } : {}) } },
      {
        onSuccess: () => {
          toast.success('Return requested; we will mail you our answer');
          setQuantities({});
          setNote('');
          setPhotos([]);
        },
        onError: (error) =>
          error.message.startsWith('photos: ')
            ? setErrors({ photos: error.message.replace(/^photos: /, '') })
            : setErrors({ lines: error.message.replace(/^lines: /, '') }),
      },
    );
  };

  const invalid = errors.lines
    ? { 'aria-invalid': true, 'aria-describedby': `${id}-lines-error` }
    : {};

  return (
    <details className="mt-2" data-testid="return-form">
      <summary className="btn btn-outline btn-xs whitespace-nowrap sm:btn-sm">Return items</summary>
      <form
        noValidate
        className="mt-2 flex max-w-md flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="text-xs font-medium">Pieces to send back, and why</legend>
          {shipped.map((entry) => (
            <div key={entry.productId} className="flex flex-wrap items-center gap-2 text-xs">
              <span className="min-w-0 flex-1 basis-40 truncate">
                <span className="font-mono">{entry.sku}</span> {entry.name} ({entry.shipped}{' '}
                shipped)
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={entry.shipped}
                className={`input input-xs w-20 ${errors.lines ? 'input-error' : ''}`}
                aria-label={`Pieces of ${entry.sku} to return`}
                value={quantities[entry.productId] ?? ''}
                placeholder="0"
                onChange={(event) =>
                  setQuantities({ ...quantities, [entry.productId]: event.target.value })
                }
                {...invalid}
              />
              <select
                className={`select select-xs w-36 ${errors.lines ? 'select-error' : ''}`}
                aria-label={`Why return ${entry.sku}`}
                value={reasons[entry.productId] ?? ''}
                onChange={(event) =>
                  setReasons({ ...reasons, [entry.productId]: event.target.value as ReturnReason })
                }
                {...invalid}
              >
                <option value="">Reason…</option>
                {RETURN_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {returnReasonLabels[reason]}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {errors.lines && (
            <span id={`${id}-lines-error`} role="alert" className="text-xs text-error">
              {errors.lines}
            </span>
          )}
        </fieldset>
        <TextAreaField
          label="Note (optional)"
          rows={2}
          maxLength={1000}
          value={note}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />
        <label className="flex flex-col gap-1 text-xs">
          <span className="font-medium">Photos (optional, up to {MAX_RETURN_PHOTOS})</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            multiple
            className={`file-input file-input-xs w-full max-w-xs ${errors.photos ? 'file-input-error' : ''}`}
            aria-label="Photos of the parts"
            aria-invalid={errors.photos ? true : undefined}
            aria-describedby={errors.photos ? `${id}-photos-error` : undefined}
            onChange={(event) => setPhotos([...(event.target.files ?? [])])}
          />
          {errors.photos && (
            <span id={`${id}-photos-error`} role="alert" className="text-xs text-error">
              {errors.photos}
            </span>
          )}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className="btn btn-primary btn-xs sm:btn-sm"
            disabled={create.isPending || uploading}
          >
            Ask to return
          </button>
          <Link to={paths.dashboard.myReturns} className="link link-primary text-xs">
            My returns
          </Link>
        </div>
      </form>
    </details>
  );
}
