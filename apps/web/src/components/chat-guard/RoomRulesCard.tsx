import type { ChatRoom, ChatRoomRules } from '@polaris/contract';
import { Switch, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoomRules, useSaveRoomRules } from '@/api/chat-guard.ts';
import { showToast } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import styles from '@/components/chat-manage/chat-manage.module.css';
import { toastUnreported } from '@/components/form-errors.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import css from './chat-guard.module.css';
import { linkHourChoices, parseWords } from './rules.ts';

/** A room's automatic moderation on its settings screen, for its admins: blocked words and the link rules. */
export function RoomRulesCard({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const rules = useRoomRules(room.id, true);
  return (
    <section aria-labelledby="room-rules-title" data-testid="room-rules">
      <h2 className={ui.groupTitle} id="room-rules-title">
        {t('chatGuard.rules.title')}
      </h2>
      <div className={styles.panel}>
        {rules.isPending ? (
          <Loading testId="room-rules-loading" />
        ) : rules.isError ? (
          <LoadFailed onRetry={() => void rules.refetch()} message={rules.error.message} />
        ) : (
          <RulesForm roomId={room.id} rules={rules.data} />
        )}
      </div>
    </section>
  );
}

function RulesForm({ roomId, rules }: { roomId: string; rules: ChatRoomRules }) {
  const { t } = useTranslation();
  const save = useSaveRoomRules(roomId);
  const [words, setWords] = useState(rules.blockedWords.join('\n'));
  const [hours, setHours] = useState(rules.linkMinHours);
  const [hold, setHold] = useState(rules.holdFirstLinks);
  const submit = () =>
    save.mutate(
      { blockedWords: parseWords(words), linkMinHours: hours, holdFirstLinks: hold },
      {
        onSuccess: (answer) => {
          setWords(answer.blockedWords.join('\n'));
          void showToast(t('chatGuard.rules.saved'), 2000);
        },
        onError: (error) => toastUnreported(error),
      },
    );
  return (
    <>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="room-blocked-words">
          {t('chatGuard.rules.words')}
        </label>
        <TextArea
          id="room-blocked-words"
          className={css.note}
          value={words}
          onChange={setWords}
          autoSize={{ minRows: 2, maxRows: 6 }}
          data-testid="room-blocked-words"
        />
        <p className={styles.hint}>{t('chatGuard.rules.wordsHint')}</p>
      </div>
      <fieldset className={styles.field}>
        <legend className={styles.label} style={{ marginBottom: 6 }}>
          {t('chatGuard.rules.links')}
        </legend>
        <div className={ui.chips}>
          {linkHourChoices(hours).map((value) => (
            <label key={value} className={ui.chip} data-testid={`room-link-hours-${value}`}>
              <input
                type="radio"
                name="room-link-hours"
                className="px-visually-hidden"
                checked={hours === value}
                onChange={() => setHours(value)}
              />
              {value === 0 ? t('chatGuard.rules.linksOff') : t('chatGuard.rules.hours', { count: value })}
            </label>
          ))}
        </div>
        <p className={styles.hint}>{t('chatGuard.rules.linksHint')}</p>
      </fieldset>
      <div className={styles.field}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
          <span id="room-hold-links-label" className={styles.label}>
            {t('chatGuard.rules.hold')}
          </span>
          <Switch
            checked={hold}
            onChange={setHold}
            aria-labelledby="room-hold-links-label"
            aria-describedby="room-hold-links-hint"
            data-testid="room-hold-links"
          />
        </div>
        <p className={styles.hint} id="room-hold-links-hint">
          {t('chatGuard.rules.holdHint')}
        </p>
      </div>
      <Button variant="primary" block loading={save.isPending} onClick={submit} data-testid="room-rules-save">
        {t('chatGuard.rules.save')}
      </Button>
    </>
  );
}
