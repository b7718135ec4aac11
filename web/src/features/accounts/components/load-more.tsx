/** "Load more" under a keyset list, while there is a next page. */
export function LoadMore({
  hasMore,
  busy,
  onLoad,
}: {
  hasMore: boolean;
  busy: boolean;
  onLoad: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="mt-4 flex justify-center">
      <button
        type="button"
        className="btn btn-outline"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={onLoad}
      >
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Load more
      </button>
    </div>
  );
}
