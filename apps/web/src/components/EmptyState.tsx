import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  body: string;
  action?: ReactNode;
  testId: string;
}

export function EmptyState({ icon, title, body, action, testId }: EmptyStateProps) {
  return (
    <section className="px-center" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className={styles.icon} aria-hidden>
        {icon}
      </div>
      <h2 className={styles.title} id={`${testId}-title`}>
        {title}
      </h2>
      <p className={styles.body}>{body}</p>
      {action}
    </section>
  );
}
