import type { ReactNode } from 'react';

type BusyButtonProps = {
  busy: boolean;
  children: ReactNode;
  type?: 'submit' | 'button';
  className?: string;
  onClick?: () => void;
  /** Off for a reason other than its own action running (a price still on its way). */
  disabled?: boolean;
};

/** A full-width button that shows a spinner and is disabled while its action runs. */
export function BusyButton({
  busy,
  children,
  type = 'submit',
  className = 'btn-primary',
  onClick,
  disabled = false,
}: BusyButtonProps) {
  return (
    <button
      type={type}
      className={`btn w-full ${className}`}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
