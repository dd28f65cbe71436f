import type { ReactNode } from 'react';
import styles from './host.module.css';

/** A labelled control with its error under it (`<testId>-error`), tied by aria-describedby. */
export function Field({
  id,
  label,
  error,
  hint,
  testId,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  testId: string;
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
        <p id={`${id}-error`} className={styles.error} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Props every native control of a Field shares. */
export function controlProps(id: string, testId: string, error: string | undefined, base: string, invalid: string) {
  return {
    id,
    'data-testid': testId,
    className: `${base} ${error ? invalid : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
