import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  readonly label: string;
  /** A message under the field; the input is marked invalid while there is one. */
  readonly error?: string;
  /** A control inside the field's box, after the input (a toggle, a send button). */
  readonly trailing?: ReactNode;
  /** A control inside the field's box, before the input (an area code). */
  readonly leading?: ReactNode;
}

/** A labelled text input with its error message tied to it for assistive technology. */
export function Field({ label, error, trailing, leading, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'field-box field-box-invalid' : 'field-box'}>
        {leading}
        <input
          {...input}
          id={id}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {trailing}
      </div>
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
