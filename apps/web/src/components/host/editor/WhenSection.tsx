import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { control, Field, InputField } from '@/components/Field.tsx';
import { useSettings } from '@/lib/settings.ts';
import styles from '../host.module.css';
import type { ActivityEditorState } from './useActivityEditor.ts';
import { zoneOptions } from './zone-labels.ts';

/** Start and end as wall-clock times in the chosen time zone. */
export function WhenSection({ editor }: { editor: ActivityEditorState }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const { form, errors, set, zones } = editor;
  // Localized names with their offsets, west to east (zone-labels.ts); the venue's city sets the zone.
  const options = useMemo(() => zoneOptions(zones, language), [zones, language]);
  return (
    <section className={styles.section} aria-labelledby="host-when">
      <h2 className={styles.sectionTitle} id="host-when">
        {t('host.when')}
      </h2>
      <InputField
        id="host-start"
        label={t('host.startsAt')}
        error={errors.startsAt}
        type="datetime-local"
        value={form.startsAt}
        onChange={(event) => set('startsAt', event.target.value)}
      />
      <InputField
        id="host-end"
        label={t('host.endsAt')}
        error={errors.endsAt}
        type="datetime-local"
        value={form.endsAt}
        onChange={(event) => set('endsAt', event.target.value)}
      />
      <Field id="host-timezone" label={t('host.timezone')} error={errors.timezone} hint={t('host.timezoneHint')}>
        <select
          {...control('host-timezone', errors.timezone, 'select')}
          value={form.timezone}
          onChange={(event) => set('timezone', event.target.value)}
        >
          {options.map((option) => (
            <option key={option.zone} value={option.zone}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
    </section>
  );
}
