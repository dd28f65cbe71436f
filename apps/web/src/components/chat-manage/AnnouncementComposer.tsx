import { CHAT_LIMITS, type ChatRoom, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '@/api/chat-manage.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import ui from '@/components/ui.module.css';
import styles from './chat-manage.module.css';

/** A moderator's new announcement: posted to the room as a system message and pinned in place of the last. */
export function AnnouncementComposer({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const announce = useAnnounce(room.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const post = () => {
    const body = text.trim();
    if (!body) {
      setError(t('chatManage.announce.empty'));
      return;
    }
    setError(undefined);
    announce.mutate(body, {
      onSuccess: () => {
        setText('');
        Toast.show({ content: t('chatManage.announce.posted'), duration: TOAST_DURATION_MS });
      },
      onError: (failure) => toastUnreported(failure),
    });
  };
  return (
    <section className={styles.panel} aria-labelledby="announce-compose-title">
      <label className={styles.label} id="announce-compose-title" htmlFor="announce-text">
        {t('chatManage.announce.compose')}
      </label>
      <div className={styles.field}>
        <textarea
          id="announce-text"
          className={`${styles.textarea} ${error ? styles.invalid : ''}`}
          value={text}
          maxLength={CHAT_LIMITS.messageLength}
          placeholder={t('chatManage.announce.placeholder')}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'announce-text-error' : undefined}
          data-testid="announce-text"
        />
        <span className={styles.counter}>
          {text.length}/{CHAT_LIMITS.messageLength}
        </span>
        {error && (
          <p className={ui.error} id="announce-text-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button variant="primary" block onClick={post} loading={announce.isPending} data-testid="announce-post">
        {t('chatManage.announce.post')}
      </Button>
    </section>
  );
}
