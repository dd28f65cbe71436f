import type { Activity } from '@polaris/contract';
import { CalendarOutline, LoopOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateSeries, useSeriesOf } from '@/api/activity-series.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { toZoned } from '@/components/host/form-model.ts';
import { ListGroup, ListRow } from '@/components/ListRow.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import ui from '@/components/ui.module.css';
import type { FieldErrors } from '@/lib/auth-forms.ts';
import { useSession } from '@/lib/session.ts';
import { RepeatFields } from './RepeatSection.tsx';
import { noRepeat, type RepeatForm, repeatErrors, seriesInput, startDay } from './repeat.ts';

/** The fields the server may refuse (`/activity/series/create`), shown under the repeat fields' own names. */
const SERVER_FIELDS = ['until', 'count'];

/**
 * The manage page's series tool (docs/activities.md "Recurring series"): an activity in a series links to the
 * series page; otherwise its organizer (co-hosts may not make a series), while it is published and not started,
 * gets "Repeat…", the create screen's repeat fields in a sheet, which makes this activity the series' first date.
 */
export function RepeatTool({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.userInfo?.uid);
  const seriesOf = useSeriesOf(activity.id);
  const [open, setOpen] = useState(false);
  if (!seriesOf.data) return null;
  const series = seriesOf.data.series;
  if (series) {
    return (
      <ListGroup testId="manage-group-series">
        <ListRow
          icon={<CalendarOutline />}
          title={t('series.page.title')}
          detail={t('series.manage.seriesDetail')}
          to={href(PATHS.activitySeries, { id: series.id })}
          testId="manage-series"
        />
      </ListGroup>
    );
  }
  const organizer = uid !== undefined && activity.organizer.uid === uid;
  if (!organizer || activity.status !== 'published' || activity.phase !== 'upcoming') return null;
  return (
    <ListGroup testId="manage-group-series">
      <ListRow
        icon={<LoopOutline />}
        title={t('series.manage.repeat')}
        detail={t('series.manage.repeatDetail')}
        onClick={() => setOpen(true)}
        testId="manage-repeat"
      />
      <RepeatSheet activity={activity} open={open} onClose={() => setOpen(false)} />
    </ListGroup>
  );
}

/** The rule, how it ends, and confirm; a refusal goes under the field it names and the choices stay. */
function RepeatSheet({ activity, open, onClose }: { activity: Activity; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSeries(activity.id);
  // The rule repeats the start's day as the venue's clock has it (the create form's wall time).
  const startsAt = toZoned(activity.startsAt, activity.timezone);
  const [repeat, setRepeat] = useState<RepeatForm>(() => ({ ...noRepeat(), choice: 'weekly' }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (next: RepeatForm) => {
    setErrors({});
    setRepeat(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = Object.entries(repeatErrors(repeat, startsAt));
    if (found.length > 0) return setErrors(Object.fromEntries(found.map(([field, key]) => [field, t(key)])));
    const input = seriesInput(activity.id, repeat, startDay(startsAt));
    if (!input) return;
    create.mutate(input, {
      onSuccess: (made) => {
        onClose();
        navigate(href(PATHS.activitySeries, { id: made.id }));
      },
      onError: (error) =>
        reportFormError(error, SERVER_FIELDS, (fields) =>
          setErrors({ repeatUntil: fields.until, repeatCount: fields.count }),
        ),
    });
  };
  return (
    <Sheet visible={open} onClose={onClose} blocking={create.isPending} testId="manage-repeat-sheet">
      <form className={`${ui.sheet} ${ui.form}`} onSubmit={submit} noValidate>
        <h2 className={ui.sheetTitle}>{t('series.manage.title')}</h2>
        <RepeatFields
          idPrefix="manage-repeat"
          hint={t('series.manage.hint')}
          repeating
          startsAt={startsAt}
          repeat={repeat}
          errors={errors}
          onChange={change}
        />
        <Button variant="primary" type="submit" block loading={create.isPending} data-testid="manage-repeat-confirm">
          {t('series.manage.confirm')}
        </Button>
      </form>
    </Sheet>
  );
}
