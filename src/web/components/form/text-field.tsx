import type { InputHTMLAttributes, ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** Server message for this field, read out with the input via aria-describedby. */
  error?: string;
  /** A control inside the field's box, e.g. the show/hide password toggle. */
  trailing?: ReactNode;
}

export function TextField({ id, label, error, trailing, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field__control">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
