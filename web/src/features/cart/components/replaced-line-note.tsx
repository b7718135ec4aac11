import type { CartLine } from '@proper-parts/domain/cart';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useChangeCartLine } from '../api/use-cart';

/**
 * Issue 36: a cart line whose part is replaced says by what, and swaps it for the replacement in
 * one click: the replacement takes the line's quantity (added to its own line if the cart has
 * one), then the old line goes.
 */
export function ReplacedLineNote({ line, lines }: { line: CartLine; lines: CartLine[] }) {
  const change = useChangeCartLine();
  const replacement = line.supersededBy;
  if (!replacement) return null;
  const already = lines.find((other) => other.productId === replacement.productId)?.quantity ?? 0;
  const swap = async () => {
    try {
      await change.mutateAsync({
        productId: replacement.productId,
        quantity: already + line.quantity,
      });
      await change.mutateAsync({ productId: line.productId, quantity: 0 });
      toast.success(`${line.sku} swapped for ${replacement.sku}`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  return (
    <p
      role="note"
      data-testid="replaced-by"
      className="mt-1 flex flex-wrap items-center gap-2 rounded-field bg-info/15 px-2 py-1 text-sm"
    >
      <span>
        Replaced by{' '}
        <Link to={paths.product(replacement.slug)} className="link font-mono font-semibold">
          {replacement.sku}
        </Link>
      </span>
      <button
        type="button"
        className="btn btn-outline btn-primary btn-xs"
        disabled={change.isPending}
        onClick={swap}
      >
        Swap for {replacement.sku}
      </button>
    </p>
  );
}
