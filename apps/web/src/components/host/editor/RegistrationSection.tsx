import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { control, Field, InputField } from '@/components/Field.tsx';
import type { ActivityForm, QuestionForm } from '../form-model.ts';
import styles from '../host.module.css';
import { RowHead } from './RowHead.tsx';
import type { ActivityEditorState } from './useActivityEditor.ts';

/** Approval, visibility, up to ten questions asked at sign-up (text or choice), co-hosts by uid. */
export function RegistrationSection({ editor }: { editor: ActivityEditorState }) {
  const { t } = useTranslation();
  const { form, errors, set } = editor;
  return (
    <section className={styles.section} aria-labelledby="host-registration">
      <h2 className={styles.sectionTitle} id="host-registration">
        {t('host.registration')}
      </h2>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form.requireApproval}
          onChange={(event) => set('requireApproval', event.target.checked)}
          data-testid="host-approval"
        />
        {t('host.requireApproval')}
      </label>
      <Field id="host-visibility" label={t('host.visibility')} error={errors.visibility}>
        <select
          {...control('host-visibility', errors.visibility, 'select')}
          value={form.visibility}
          onChange={(event) => set('visibility', event.target.value as ActivityForm['visibility'])}
        >
          <option value="public">{t('host.public')}</option>
          <option value="unlisted">{t('host.unlisted')}</option>
        </select>
      </Field>
      {form.questions.map((question, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no other identity while being typed
        <QuestionRow key={index} editor={editor} index={index} question={question} />
      ))}
      {form.questions.length < 10 && (
        <Button
          onClick={() =>
            set('questions', [...form.questions, { label: '', type: 'text', required: false, options: '' }])
          }
          data-testid="host-question-add"
        >
          {t('host.addQuestion')}
        </Button>
      )}
      <Field
        id="host-cohosts"
        label={t('host.coHosts')}
        hint={t('host.coHostsHint')}
        error={errors.coHosts ?? Object.entries(errors).find(([key]) => key.startsWith('coHosts.'))?.[1]}
      >
        <input
          {...control('host-cohosts', errors.coHosts, 'input')}
          inputMode="numeric"
          value={form.coHosts}
          onChange={(event) => set('coHosts', event.target.value)}
        />
      </Field>
    </section>
  );
}

/** One question asked at sign-up: its label, text or a choice of options, required or not. */
function QuestionRow({
  editor,
  index,
  question,
}: {
  editor: ActivityEditorState;
  index: number;
  question: QuestionForm;
}) {
  const { t } = useTranslation();
  const { form, errors, set, setQuestion } = editor;
  const key = `questions.${index}`;
  const id = `host-question-${index}`;
  return (
    <div className={styles.item} data-testid={id}>
      <RowHead
        title={t('host.questionN', { n: index + 1 })}
        testId={id}
        onRemove={() =>
          set(
            'questions',
            form.questions.filter((_, i) => i !== index),
          )
        }
      />
      <InputField
        id={`${id}-label`}
        label={t('host.questionLabel')}
        error={errors[`${key}.label`]}
        value={question.label}
        maxLength={200}
        onChange={(event) => setQuestion(index, { label: event.target.value })}
      />
      <div className={styles.row}>
        <Field id={`${id}-type`} label={t('host.questionType')}>
          <select
            {...control(`${id}-type`, undefined, 'select')}
            value={question.type}
            onChange={(event) => setQuestion(index, { type: event.target.value as QuestionForm['type'] })}
          >
            <option value="text">{t('host.questionText')}</option>
            <option value="choice">{t('host.questionChoice')}</option>
          </select>
        </Field>
        <label className={styles.check} style={{ alignSelf: 'end' }}>
          <input
            type="checkbox"
            checked={question.required}
            onChange={(event) => setQuestion(index, { required: event.target.checked })}
            data-testid={`${id}-required`}
          />
          {t('host.required')}
        </label>
      </div>
      {question.type === 'choice' && (
        <Field
          id={`${id}-options`}
          label={t('host.options')}
          hint={t('host.optionsHint')}
          error={errors[`${key}.options`]}
        >
          <textarea
            {...control(`${id}-options`, errors[`${key}.options`], 'textarea')}
            value={question.options}
            onChange={(event) => setQuestion(index, { options: event.target.value })}
          />
        </Field>
      )}
    </div>
  );
}
