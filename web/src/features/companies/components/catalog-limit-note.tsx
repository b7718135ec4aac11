import { useMyCatalog } from '../api/get-my-catalog';

/**
 * Issue 35, decision 039: tells a company's members that the shop limits what they see and buy,
 * and to what; nothing when the company sees the whole catalog. Set by the shop only.
 */
export function CatalogLimitNote() {
  const { data } = useMyCatalog();
  if (!data?.restricted) return null;
  const parts = [];
  if (data.categories.length > 0)
    parts.push(`categories ${data.categories.map((c) => c.name).join(', ')}`);
  if (data.brands.length > 0) parts.push(`brands ${data.brands.map((b) => b.name).join(', ')}`);
  return (
    <p role="note" className="mt-4 rounded-box bg-base-200/60 p-4 text-sm break-words">
      <strong>Your company's catalog:</strong> you see and order {parts.join(' and ')} only. The
      shop sets this limit; ask it to change it.
    </p>
  );
}
