import styles from './ChoiceField.module.css';

interface ChoiceFieldProps {
  id: string;
  label: string;
  options: string[];
  value: string;
  onChange(value: string): void;
  error?: string;
  testId: string;
}

/**
 * One answer out of a few: native radio buttons in a fieldset named by its legend (arrow keys move between them,
 * a screen reader says "n of m"), each option a whole-row tap target, the error under them as in TextField.
 */
export function ChoiceField({ id, label, options, value, onChange, error, testId }: ChoiceFieldProps) {
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={styles.field}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      data-testid={testId}
    >
      <legend className={styles.legend}>{label}</legend>
      <div className={`${styles.options} ${error ? styles.invalid : ''}`}>
        {options.map((option, index) => (
          <label key={option} className={styles.option}>
            <input
              type="radio"
              name={id}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              data-testid={`${testId}-option-${index}`}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
