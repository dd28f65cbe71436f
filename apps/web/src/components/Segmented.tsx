import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import styles from './Segmented.module.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * A choice of one among a few views (month or list): a radio group, as WAI-ARIA describes it. The checked option
 * is the one Tab reaches, arrow keys move the choice, and each option is a radio with its own label. antd-mobile's
 * Segmented puts native radios inside a `listbox`, which assistive technology cannot make sense of (axe-core:
 * aria-required-children), so the app uses this one.
 */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  scroll = false,
  testId,
}: {
  /** What is being chosen, for assistive technology (the group's accessible name). */
  label: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange(value: T): void;
  /** Many options (categories): one row that scrolls sideways instead of a compact pill. */
  scroll?: boolean;
  testId?: string;
}) {
  const group = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = options[(index + step + options.length) % options.length];
    if (!next) return;
    onChange(next.value);
    group.current?.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus();
  };
  return (
    <div
      ref={group}
      className={`${styles.group} ${scroll ? styles.scroll : ''}`}
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
    >
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons, with radio semantics and keys
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            className={`${styles.option} ${checked ? styles.checked : ''}`}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => move(event, index)}
            data-value={option.value}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
