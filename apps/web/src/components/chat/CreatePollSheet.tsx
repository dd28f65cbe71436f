import {
  CHAT_POLL_AUDIENCES,
  CHAT_POLL_LIMITS,
  type ChatPollAudience,
  ChatPollCreateInput,
  type ChatRoom,
} from '@polaris/contract';
import { Selector, Switch, TextArea } from 'antd-mobile';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePoll } from '@/api/chat-polls.ts';
import { Button } from '@/components/Button.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { Sheet } from '@/components/Sheet.tsx';
import ui from '@/components/ui.module.css';
import { type FieldErrors, validate } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';
import css from './CreatePollSheet.module.css';

/** When the poll closes, from now (`never`: when its author or an admin closes it). */
const CLOSE_AFTER = {
  never: 0,
  hour: 3_600_000,
  day: 86_400_000,
  threeDays: 3 * 86_400_000,
  week: 7 * 86_400_000,
};
type CloseAfter = keyof typeof CLOSE_AFTER;

const FIELDS = ['question', 'options', 'closesAt', 'audience'].concat(
  Array.from({ length: CHAT_POLL_LIMITS.maxOptions }, (_, index) => `options.${index}`),
);

const blank = () => ({ question: '', options: ['', ''], multiple: false, anonymous: false });

/**
 * A new poll (docs/chat.md "Polls"): the question, 2 to 10 options (added and removed), one or several choices,
 * anonymous or named, when it closes, and in an activity's room who may vote. Checked with the contract's schema
 * before sending; the server's refusals go under the fields they name (`options.3`).
 */
export function CreatePollSheet({ room, open, onClose }: { room: ChatRoom; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const [draft, setDraft] = useState(blank);
  const [closeAfter, setCloseAfter] = useState<CloseAfter>('never');
  const [audience, setAudience] = useState<ChatPollAudience>('members');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePoll();
  const activity = room.kind === 'activity';

  const setOption = (index: number, value: string) => {
    setDraft((current) => ({ ...current, options: current.options.map((o, i) => (i === index ? value : o)) }));
    setErrors((current) => ({ ...current, [`options.${index}`]: undefined, options: undefined }));
  };
  const addOption = () => setDraft((current) => ({ ...current, options: [...current.options, ''] }));
  const removeOption = (index: number) => {
    setDraft((current) => ({ ...current, options: current.options.filter((_, i) => i !== index) }));
    // The options after it move up a place: their errors no longer name them.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('options'))));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const closesAt = closeAfter === 'never' ? undefined : new Date(Date.now() + CLOSE_AFTER[closeAfter]).toISOString();
    const checked = validate(
      ChatPollCreateInput,
      { roomId: room.id, ...draft, audience: activity ? audience : 'members', closesAt },
      language,
    );
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    create.mutate(checked.data, {
      onSuccess: () => {
        setDraft(blank());
        setCloseAfter('never');
        setAudience('members');
        onClose();
      },
      onError: (error) => reportFormError(error, FIELDS, setErrors),
    });
  };

  return (
    <Sheet visible={open} onClose={onClose} destroyOnClose={false}>
      <form className={`${ui.sheet} ${ui.form}`} onSubmit={submit} noValidate data-testid="poll-sheet">
        <h2 className={ui.sheetTitle}>{t('chatPoll.sheet.title')}</h2>
        <div>
          <label className={ui.hint} htmlFor="poll-question">
            {t('chatPoll.sheet.question')}
          </label>
          <TextArea
            className={css.question}
            id="poll-question"
            data-testid="poll-question"
            value={draft.question}
            onChange={(question) => {
              setDraft((current) => ({ ...current, question }));
              setErrors((current) => ({ ...current, question: undefined }));
            }}
            placeholder={t('chatPoll.sheet.questionPlaceholder')}
            maxLength={CHAT_POLL_LIMITS.questionLength}
            autoSize={{ minRows: 1, maxRows: 4 }}
            aria-invalid={errors.question ? true : undefined}
            aria-describedby={errors.question ? 'poll-question-error' : undefined}
          />
          {errors.question && (
            <p className={ui.error} id="poll-question-error" role="alert">
              {errors.question}
            </p>
          )}
        </div>
        <fieldset className={css.options}>
          <legend className={ui.hint}>{t('chatPoll.sheet.options')}</legend>
          {draft.options.map((option, index) => {
            const error = errors[`options.${index}`];
            const label = t('chatPoll.sheet.option', { number: index + 1 });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the list while it is written.
              <div key={index}>
                <div className={css.optionRow}>
                  <input
                    className={css.optionInput}
                    value={option}
                    onChange={(event) => setOption(index, event.target.value)}
                    placeholder={label}
                    aria-label={label}
                    maxLength={CHAT_POLL_LIMITS.optionLength}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `poll-option-${index}-error` : undefined}
                    data-testid="poll-option-input"
                  />
                  {draft.options.length > CHAT_POLL_LIMITS.minOptions && (
                    <button
                      type="button"
                      className={css.remove}
                      onClick={() => removeOption(index)}
                      aria-label={t('chatPoll.sheet.removeOption', { number: index + 1 })}
                      data-testid="poll-option-remove"
                    >
                      <CloseOutline aria-hidden />
                    </button>
                  )}
                </div>
                {error && (
                  <p className={ui.error} id={`poll-option-${index}-error`} role="alert">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          {errors.options && (
            <p className={ui.error} role="alert">
              {errors.options}
            </p>
          )}
          {draft.options.length < CHAT_POLL_LIMITS.maxOptions && (
            <button type="button" className={css.add} onClick={addOption} data-testid="poll-option-add">
              <AddOutline aria-hidden /> {t('chatPoll.sheet.addOption')}
            </button>
          )}
        </fieldset>
        <SwitchRow
          id="poll-multiple"
          label={t('chatPoll.sheet.multiple')}
          checked={draft.multiple}
          onChange={(multiple) => setDraft((current) => ({ ...current, multiple }))}
        />
        <SwitchRow
          id="poll-anonymous"
          label={t('chatPoll.sheet.anonymous')}
          hint={t('chatPoll.sheet.anonymousHint')}
          checked={draft.anonymous}
          onChange={(anonymous) => setDraft((current) => ({ ...current, anonymous }))}
        />
        <Choice<CloseAfter>
          id="poll-closes"
          label={t('chatPoll.sheet.closesIn')}
          value={closeAfter}
          options={(Object.keys(CLOSE_AFTER) as CloseAfter[]).map((key) => ({
            value: key,
            label: t(`chatPoll.sheet.${key}`),
          }))}
          onChange={setCloseAfter}
          error={errors.closesAt}
        />
        {activity && (
          <Choice<ChatPollAudience>
            id="poll-audience"
            label={t('chatPoll.sheet.audience')}
            value={audience}
            options={CHAT_POLL_AUDIENCES.map((value) => ({ value, label: t(`chatPoll.sheet.${value}`) }))}
            onChange={setAudience}
            error={errors.audience}
          />
        )}
        <Button variant="primary" type="submit" block loading={create.isPending} data-testid="poll-submit">
          {t('chatPoll.sheet.submit')}
        </Button>
      </form>
    </Sheet>
  );
}

function SwitchRow(props: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange(value: boolean): void;
}) {
  return (
    <div>
      <div className={css.switchRow}>
        <span id={`${props.id}-label`}>{props.label}</span>
        <Switch
          checked={props.checked}
          onChange={props.onChange}
          aria-labelledby={`${props.id}-label`}
          aria-describedby={props.hint ? `${props.id}-hint` : undefined}
          data-testid={props.id}
        />
      </div>
      {props.hint && (
        <p className={ui.hint} id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
    </div>
  );
}

function Choice<V extends string>(props: {
  id: string;
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange(value: V): void;
  error?: string;
}) {
  return (
    <div>
      <span className={ui.hint} id={`${props.id}-label`}>
        {props.label}
      </span>
      <Selector
        aria-labelledby={`${props.id}-label`}
        style={{ marginTop: 8, '--padding': '6px 10px' } as React.CSSProperties}
        value={[props.value]}
        onChange={(value) => value[0] && props.onChange(value[0])}
        options={props.options}
        data-testid={props.id}
      />
      {props.error && (
        <p className={ui.error} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
