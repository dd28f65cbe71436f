import { useTranslation } from 'react-i18next';
import { control, Field, InputField } from '@/components/Field.tsx';
import styles from '@/components/host/host.module.css';
import { useSettings } from '@/lib/settings.ts';
import { type RepeatChoice, type RepeatForm, repeatChoices, type StartDay, startDay } from './repeat.ts';

/** The weekday of a start day in the reader's language ("Tuesday", "星期二"). */
function weekdayName(day: Pick<StartDay, 'year' | 'month' | 'day'>, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(day.year, day.month - 1, day.day),
  );
}

/**
 * The create form's "Repeats" choice (docs/activities.md "Recurring series"): none, or a rule the start's day
 * allows, ending after a number of dates or on a day. The series is made when the activity is published.
 */
export function RepeatSection(props: {
  startsAt: string;
  repeat: RepeatForm;
  errors: Record<string, string | undefined>;
  onChange(next: RepeatForm): void;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="host-repeat">
      <h2 className={styles.sectionTitle} id="host-repeat">
        {t('series.form.title')}
      </h2>
      <RepeatFields idPrefix="host-repeat" hint={t('series.form.hint')} {...props} />
    </section>
  );
}

/**
 * The repeat fields themselves: the rule (worked out from `startsAt`, wall clock in the activity's zone), how it
 * ends, and the count or the last day, with `errors.repeatCount` / `errors.repeatUntil` under them. `repeating`
 * leaves out "Does not repeat" (the manage page's "Repeat…", where choosing nothing is closing the sheet).
 */
export function RepeatFields({
  idPrefix,
  hint,
  repeating = false,
  startsAt,
  repeat,
  errors,
  onChange,
}: {
  idPrefix: string;
  hint: string;
  repeating?: boolean;
  startsAt: string;
  repeat: RepeatForm;
  errors: Record<string, string | undefined>;
  onChange(next: RepeatForm): void;
}) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const day = startDay(startsAt);
  const params = day
    ? { weekday: weekdayName(day, language), day: day.day, nth: t(`series.nth.${Math.min(day.week, 4)}`) }
    : { weekday: '', day: '', nth: '' };
  const set = (patch: Partial<RepeatForm>) => onChange({ ...repeat, ...patch });
  const choices = repeatChoices(day).filter((choice) => !repeating || choice !== 'none');
  return (
    <>
      <Field id={`${idPrefix}-choice`} label={t('series.form.repeats')} hint={hint}>
        <select
          {...control(`${idPrefix}-choice`, undefined, 'select')}
          aria-describedby={`${idPrefix}-choice-hint`}
          value={repeat.choice}
          onChange={(event) => set({ choice: event.target.value as RepeatChoice })}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {t(`series.choice.${choice}`, params)}
            </option>
          ))}
        </select>
      </Field>
      {repeat.choice !== 'none' && (
        <>
          <Field id={`${idPrefix}-end`} label={t('series.form.ends')}>
            <select
              {...control(`${idPrefix}-end`, undefined, 'select')}
              value={repeat.end}
              onChange={(event) => set({ end: event.target.value as RepeatForm['end'] })}
            >
              <option value="count">{t('series.form.endCount')}</option>
              <option value="until">{t('series.form.endUntil')}</option>
            </select>
          </Field>
          {repeat.end === 'count' ? (
            <InputField
              id={`${idPrefix}-count`}
              label={t('series.form.count')}
              error={errors.repeatCount}
              type="number"
              inputMode="numeric"
              min={2}
              max={104}
              value={repeat.count}
              onChange={(event) => set({ count: event.target.value })}
            />
          ) : (
            <InputField
              id={`${idPrefix}-until`}
              label={t('series.form.until')}
              error={errors.repeatUntil}
              type="date"
              value={repeat.until}
              onChange={(event) => set({ until: event.target.value })}
            />
          )}
        </>
      )}
    </>
  );
}
