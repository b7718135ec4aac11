type SpinnerProps = {
  /** Shown under the spinner and read by screen readers; defaults to a hidden "Loading…". */
  text?: string;
  className?: string;
};

export function Spinner({ text, className = '' }: SpinnerProps) {
  return (
    <div
      role="status"
      className={`flex flex-col items-center justify-center gap-3 py-16 ${className}`}
    >
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      {text ? (
        <p className="text-sm text-base-content/70">{text}</p>
      ) : (
        <span className="sr-only">Loading…</span>
      )}
    </div>
  );
}
