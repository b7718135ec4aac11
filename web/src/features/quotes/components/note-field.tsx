import { type ComponentProps, useId } from 'react';

type NoteFieldProps = ComponentProps<'textarea'> & { label: string; error?: string };

/** A labelled textarea with its message in red under it (FormField's shape, for longer text). */
export function NoteField({ label, error, id, rows = 3, ...textarea }: NoteFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const errorId = `${fieldId}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
