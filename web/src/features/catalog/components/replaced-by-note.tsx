import type { PartRef } from '@proper-parts/domain/catalog-search';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * Issue 36: a replaced part says so, with a link to its replacement (the end of its chain), on
 * its search card and its page; `compact` for a card.
 */
export function ReplacedByNote({
  replacement,
  compact = false,
}: {
  replacement: PartRef | null;
  compact?: boolean;
}) {
  if (!replacement) return null;
  return (
    <p
      role="note"
      data-testid="replaced-by"
      className={`rounded-field bg-info/15 px-2 py-1 ${compact ? 'text-xs' : 'text-sm'}`}
    >
      Replaced by{' '}
      <Link to={paths.product(replacement.slug)} className="link font-mono font-semibold">
        {replacement.sku}
      </Link>
    </p>
  );
}

/** Issue 36: on a replacement's page, the old part numbers it replaces (a buyer may know those). */
export function ReplacesNote({ skus }: { skus: string[] }) {
  if (skus.length === 0) return null;
  return (
    <p className="text-sm text-base-content/70" data-testid="replaces">
      Replaces <span className="font-mono">{skus.join(', ')}</span>
    </p>
  );
}
