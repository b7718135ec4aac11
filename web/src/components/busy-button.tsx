import type { ReactNode } from 'react';

type BusyButtonProps = {
  busy: boolean;
  children: ReactNode;
  type?: 'submit' | 'button';
  className?: string;
  onClick?: () => void;
};

/** A full-width button that shows a spinner and is disabled while its action runs. */
export function BusyButton({
  busy,
  children,
  type = 'submit',
  className = 'btn-primary',
  onClick,
}: BusyButtonProps) {
  return (
    <button
      type={type}
      className={`btn w-full ${className}`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
