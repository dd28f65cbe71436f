import type { ChatMessage } from '@polaris/contract';
import { CloseOutline, EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import css from './Composer.module.css';

/** Above the composer while an own message is edited: which one, and a way out that keeps it as it was. */
export function EditStrip({ message, onCancel }: { message: ChatMessage; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className={css.strip} data-testid="composer-editing">
      <EditSOutline aria-hidden />
      <span className={css.stripText}>
        <span className={css.stripName}>{t('chatActions.editing')}</span> {message.text}
      </span>
      <button type="button" className={css.stripClose} onClick={onCancel} aria-label={t('chatActions.cancelEdit')}>
        <CloseOutline aria-hidden />
      </button>
    </div>
  );
}
