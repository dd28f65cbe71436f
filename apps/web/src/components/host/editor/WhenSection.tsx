import { useTranslation } from 'react-i18next';
import styles from '../host.module.css';
import { control, Field } from './Field.tsx';
import type { ActivityEditorState } from './useActivityEditor.ts';

/** Start and end as wall-clock times in the chosen time zone. */
export function WhenSection({ editor }: { editor: ActivityEditorState }) {
  const { t } = useTranslation();
  const { form, errors, set, zones } = editor;
  return (
    <section className={styles.section} aria-labelledby="host-when">
      <h2 className={styles.sectionTitle} id="host-when">
        {t('host.when')}
      </h2>
      <Field id="host-start" label={t('host.startsAt')} error={errors.startsAt}>
        <input
          {...control('host-start', errors.startsAt, 'input')}
          type="datetime-local"
          value={form.startsAt}
          onChange={(event) => set('startsAt', event.target.value)}
        />
      </Field>
      <Field id="host-end" label={t('host.endsAt')} error={errors.endsAt}>
        <input
          {...control('host-end', errors.endsAt, 'input')}
          type="datetime-local"
          value={form.endsAt}
          onChange={(event) => set('endsAt', event.target.value)}
        />
      </Field>
      <Field id="host-timezone" label={t('host.timezone')} error={errors.timezone}>
        <select
          {...control('host-timezone', errors.timezone, 'select')}
          value={form.timezone}
          onChange={(event) => set('timezone', event.target.value)}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </Field>
    </section>
  );
}
