import type { ReactNode } from 'react';

/**
 * Move up, move down and remove for one entry of a list the admin edits (a method, a zone, a
 * weight band); `what` names the entry for screen readers ("method 2").
 */
export function ListItemActions({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square"
        aria-label={`Move ${what} up`}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square"
        aria-label={`Move ${what} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm px-2 text-error"
        aria-label={`Remove ${what}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </div>
  );
}

/**
 * One entry of such a list as a fieldset: its title ("Zone 2") and actions on a line, then its fields.
 */
export function ListItemFieldset({
  legend,
  className = '',
  children,
  ...actions
}: Parameters<typeof ListItemActions>[0] & {
  legend: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={`flex min-w-0 flex-col gap-3 rounded-box border border-base-300 p-3 ${className}`}
    >
      {/* The legend names the group for screen readers; the title shows it beside the actions. */}
      <legend className="sr-only">{legend}</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden="true" className="font-semibold">
          {legend}
        </span>
        <ListItemActions {...actions} />
      </div>
      {children}
    </fieldset>
  );
}
