import { type ComponentProps, type ReactNode, useId } from 'react';

type FormFieldProps = ComponentProps<'input'> & {
  label: string;
  /** The field's validation message, shown in red under it. */
  error?: string;
  /** Something to show at the end of the label row, such as a "Forgot password?" button. */
  labelAside?: ReactNode;
};

/** A labelled input with its message under it; spread react-hook-form's `register()` into it. */
export function FormField({
  label,
  error,
  labelAside,
  id,
  className = '',
  ...input
}: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={inputId}
        className={['input w-full', error && 'input-error', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
