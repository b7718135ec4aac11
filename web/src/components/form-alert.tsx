/** A failed call's message, in red, announced to screen readers. Renders nothing without one. */
export function FormAlert({
  message,
  className = '',
}: {
  message?: string | null;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p role="alert" className={`text-center text-sm font-medium text-error ${className}`}>
      {message}
    </p>
  );
}
