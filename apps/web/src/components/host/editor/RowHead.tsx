import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import styles from '../host.module.css';

/** The head of a ticket or question row: its number, and a remove button when it may go. */
export function RowHead({ title, testId, onRemove }: { title: string; testId: string; onRemove?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.itemHead}>
      <span>{title}</span>
      {onRemove && (
        <Button variant="text" size="small" onClick={onRemove} data-testid={`${testId}-remove`}>
          {t('host.remove')}
        </Button>
      )}
    </div>
  );
}
