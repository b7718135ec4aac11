import { type ComponentProps, type ElementType, type ReactNode, useId } from 'react';

interface FieldProps {
  label: string;
  /** The field's validation message, shown in red under it. */
  error?: string;
  /** Something to show at the end of the label row, such as a "Forgot password?" button. */
  labelAside?: ReactNode;
  /** A line under the control saying what it takes, which the control points at. */
  hint?: string;
}

type Kind = 'input' | 'select' | 'textarea';

/** The label over a control and its message under it, the control pointing at the message. */
function Field<K extends Kind>({
  kind,
  label,
  error,
  labelAside,
  hint,
  id,
  className = '',
  ...control
}: ComponentProps<K> & FieldProps & { kind: K }) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  const Control = kind as ElementType;

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      <Control
        id={inputId}
        className={[`${kind} w-full`, error && `${kind}-error`, className]
          .filter(Boolean)
          .join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...control}
      />
      {hint && (
        <p id={hintId} className="text-xs text-base-content/60">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its message under it; spread react-hook-form's `register()` into it. */
export const FormField = (props: ComponentProps<'input'> & FieldProps) => (
  <Field kind="input" {...props} />
);

/** A labelled select (its options as children) with its message under it, as `FormField`. */
export const SelectField = (props: ComponentProps<'select'> & FieldProps) => (
  <Field kind="select" {...props} />
);

/** A labelled textarea with its message under it, as `FormField`. */
export const TextAreaField = (props: ComponentProps<'textarea'> & FieldProps) => (
  <Field kind="textarea" {...props} />
);

/**
 * A checkbox with its label beside it and its message under it (issue 36: "I accept the
 * backorder", "Allow backorders"); spread react-hook-form's `register()` into it.
 */
export function CheckboxField({
  label,
  error,
  hint,
  id,
  ...control
}: ComponentProps<'input'> & Omit<FieldProps, 'labelAside'>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="flex cursor-pointer items-start gap-2 text-sm">
        <input
          id={inputId}
          type="checkbox"
          className={`checkbox checkbox-sm mt-0.5 ${error ? 'checkbox-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...control}
        />
        <span className="font-medium">{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-base-content/60">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
