import type { ReactNode } from 'react';
import styles from '../host.module.css';

/** A labelled control with its error under it (`<id>-error`, also its test id), tied by aria-describedby. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && <p className={styles.hint}>{hint}</p>}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
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
