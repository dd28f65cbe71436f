import ui from '@/components/ui.module.css';
import css from './redpacket.module.css';

/** A labelled row of chips choosing one value (split, audience): pressed is the chosen one. */
export function Chips<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
}: {
  /** Names the group for assistive tech and prefixes each chip's test id (`${id}-${value}`). */
  id: string;
  label: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange(value: T): void;
}) {
  return (
    <>
      <p className={css.fieldLabel} id={`${id}-label`}>
        {label}
      </p>
      <fieldset className={ui.chips} aria-labelledby={`${id}-label`}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className={ui.chip}
            aria-pressed={value === option.value}
            onClick={() => onChange(option.value)}
            data-testid={`${id}-${option.value}`}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
    </>
  );
}
