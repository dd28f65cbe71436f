import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './TextField.module.css';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  testId: string;
  type?: 'text' | 'email' | 'password' | 'datetime-local';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** Something that sits inside the box after the input, e.g. the send-code button. */
  suffix?: ReactNode;
}

/** A labelled input with its error under it, announced to screen readers and tied by aria-describedby. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  testId,
  type = 'text',
  suffix,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const errorId = `${id}-error`;
  const isPassword = type === 'password';
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={`${styles.control} ${error ? styles.invalid : ''}`}>
        <input
          id={id}
          className={styles.input}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={revealed}
            aria-controls={id}
          >
            {revealed ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
          </button>
        )}
        {suffix}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
