import type { Activity } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { useBlasts } from '@/api/blast.ts';
import ui from '@/components/activity/activity.module.css';
import { formatWhen } from '@/components/activity/time.ts';
import { useSettings } from '@/lib/settings.ts';

/**
 * "From the organizer" on the activity page: the blasts sent to the viewer's place (going, waitlisted, checked in),
 * newest first, as plain text. Nothing at all while there are none.
 */
export default function AttendeeBlasts({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const blasts = useBlasts(activity.id);
  const items = blasts.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className={ui.section} aria-labelledby="blasts-title" data-testid="activity-blasts">
      <h2 className={ui.sectionTitle} id="blasts-title" style={{ margin: '0 4px 8px' }}>
        {t('blast.fromOrganizer')}
      </h2>
      <ul className={ui.panel} style={{ listStyle: 'none', margin: 0, display: 'grid', gap: 12 }}>
        {items.map((blast) => (
          <li key={blast.id} data-testid="activity-blast" data-id={blast.id}>
            <p style={{ margin: '0 0 4px', fontSize: 12, color: 'var(--adm-color-weak)' }}>
              {t('blast.by', {
                name: blast.author.name,
                date: formatWhen(blast.sentAt ?? blast.sendAt, activity.timezone, language),
              })}
            </p>
            <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{blast.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
