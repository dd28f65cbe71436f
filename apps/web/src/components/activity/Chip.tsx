import type { ReactNode } from 'react';
import ui from './activity.module.css';

/** A toggle chip (filters, categories). */
export function Chip({
  on,
  onClick,
  testId,
  children,
}: {
  on: boolean;
  onClick(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${ui.chip} ${on ? ui.chipOn : ''}`}
      aria-pressed={on}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
