import type { Activity } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { useDraft } from '@/api/activity-manage.ts';
import { Button } from '@/components/Button.tsx';
import { Loading } from '@/components/QueryState.tsx';
import { RepeatSection } from '@/components/series/RepeatSection.tsx';
import { emptyForm, fieldsOnForm, fromActivity, restoreForm } from '../form-model.ts';
import { unparkForm } from '../handoff.ts';
import styles from '../host.module.css';
import { BasicsSection } from './BasicsSection.tsx';
import { RegistrationSection } from './RegistrationSection.tsx';
import { TicketsSection } from './TicketsSection.tsx';
import { type ActivityEditorState, type EditorStart, useActivityEditor } from './useActivityEditor.ts';
import { WhenSection } from './WhenSection.tsx';
import { WhereSection } from './WhereSection.tsx';

/** The create page and the edit page: one form, kept as a server draft while it changes. */
export function ActivityEditor({ activity }: { activity?: Activity }) {
  const draft = useDraft(activity?.id);
  if (draft.isPending) return <Loading testId="host-form-loading" />;
  const base = activity ? fromActivity(activity) : emptyForm();
  const parked = unparkForm(activity?.id ?? 'new');
  const kept = draft.data?.draft ?? null;
  const initial = parked ?? (kept ? restoreForm(kept.data, base) : base);
  return <EditorForm activity={activity} initial={initial} restored={!parked && kept !== null} base={base} />;
}

function EditorForm(start: EditorStart) {
  const { t } = useTranslation();
  const editor = useActivityEditor(start);
  const { form, errors } = editor;
  // Errors with no place on the form are listed above the buttons.
  const onForm = fieldsOnForm(form);
  const elsewhere = Object.entries(errors).filter(([key]) => !onForm.has(key) && !key.startsWith('repeat'));

  return (
    <form
      className={styles.form}
      data-testid="host-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      {editor.showRestored && (
        <div className={styles.notice} role="status" data-testid="host-draft-restored">
          <span>{t('host.draftRestored')}</span>
          <Button size="small" onClick={editor.discardDraft} data-testid="host-draft-discard">
            {t('host.discardDraft')}
          </Button>
        </div>
      )}
      <BasicsSection editor={editor} />
      <WhenSection editor={editor} />
      {!editor.activity && (
        <RepeatSection startsAt={form.startsAt} repeat={editor.repeat} errors={errors} onChange={editor.setRepeat} />
      )}
      <WhereSection editor={editor} />
      <TicketsSection editor={editor} />
      <RegistrationSection editor={editor} />
      {elsewhere.length > 0 && (
        <ul className={styles.summary} role="alert" data-testid="host-errors">
          {elsewhere.map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      )}
      <EditorActions editor={editor} />
    </form>
  );
}

/** Create: save as draft, or publish (after a confirm). Edit: save, and publish while it is still a draft. */
function EditorActions({ editor }: { editor: ActivityEditorState }) {
  const { t } = useTranslation();
  const { activity, busy, submit, confirmPublish } = editor;
  return (
    <div className={styles.actions}>
      {activity ? (
        <>
          <Button
            variant={activity.status === 'draft' ? 'secondary' : 'primary'}
            loading={editor.saving}
            disabled={busy}
            onClick={() => void submit('save')}
            data-testid="host-save"
          >
            {t('host.save')}
          </Button>
          {activity.status === 'draft' && (
            <Button variant="primary" disabled={busy} onClick={() => void confirmPublish()} data-testid="host-publish">
              {t('host.publish')}
            </Button>
          )}
        </>
      ) : (
        <>
          <Button disabled={busy} onClick={() => void submit('draft')} data-testid="host-save-draft">
            {t('host.saveDraft')}
          </Button>
          <Button
            variant="primary"
            loading={editor.creating}
            disabled={busy}
            onClick={() => void confirmPublish()}
            data-testid="host-publish"
          >
            {t('host.publish')}
          </Button>
        </>
      )}
    </div>
  );
}
