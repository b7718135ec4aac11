/** Previous / Next for a list read one page at a time; "Next" while a full page came back. */
export function Pager({
  offset,
  pageSize,
  count,
  onChange,
}: {
  offset: number;
  pageSize: number;
  count: number;
  onChange: (offset: number) => void;
}) {
  if (offset === 0 && count < pageSize) return null;
  return (
    <nav aria-label="Pages" className="join mt-4 flex justify-end">
      <button
        type="button"
        className="btn join-item btn-sm"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - pageSize))}
      >
        Previous
      </button>
      <span className="btn join-item btn-sm btn-disabled">
        Page {Math.floor(offset / pageSize) + 1}
      </span>
      <button
        type="button"
        className="btn join-item btn-sm"
        disabled={count < pageSize}
        onClick={() => onChange(offset + pageSize)}
      >
        Next
      </button>
    </nav>
  );
}
