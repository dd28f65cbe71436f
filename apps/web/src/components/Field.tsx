import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './Field.module.css';

/**
 * A labelled control with its error under it (`<id>-error`, also its test id), tied by aria-describedby. A string
 * hint is the field's small grey line; any other node (a computed figure, a balance) is shown as it is.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {typeof hint === 'string' ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : (
        hint
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A Field of one input with the shared look: its id, test id, label, hint and error are written once, and a string
 * hint is read with the input (aria-describedby) as the error is. The other props are the input's own (type,
 * value, onChange, maxLength…).
 */
export function InputField({
  id,
  label,
  error,
  hint,
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  const describedBy = [typeof hint === 'string' && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input {...control(id, error, 'input')} aria-describedby={describedBy || undefined} {...input} />
    </Field>
  );
}

/** A group of choices (chips, radios) under one legend, with the group's error under it (`<id>-error`). */
export function FieldGroup({
  id,
  legend,
  error,
  className,
  children,
}: {
  id?: string;
  legend: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={`${styles.field} ${className ?? ''}`}>
      <legend className={styles.label}>{legend}</legend>
      {children}
      {id && <FieldError id={id} error={error} />}
    </fieldset>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={styles.error} role="alert" data-testid={`${id}-error`}>
      {error}
    </p>
  );
}

/**
 * Props every native control of a Field shares: its id (also its test id), the look of its `kind`, and its error
 * state tied to the message under it.
 */
export function control(id: string, error: string | undefined, kind: 'input' | 'select' | 'textarea') {
  return {
    id,
    'data-testid': id,
    className: `${styles[kind] ?? ''} ${error ? (styles.invalid ?? '') : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
