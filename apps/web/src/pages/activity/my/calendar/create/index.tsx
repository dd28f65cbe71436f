import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateCalendarEntry } from '@/api/activity.ts';
import { deviceTimeZone } from '@/api/activity-requests.ts';
import { Frame } from '@/app/Frame.tsx';
import ui from '@/components/activity/activity.module.css';
import { Button } from '@/components/Button.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { TextField } from '@/components/TextField.tsx';
import { isApiError } from '@/lib/api-error.ts';

type Field = 'title' | 'startsAt' | 'endsAt' | 'location' | 'note';

/** A personal calendar entry: title, start and end (in the device's zone), place and note. */
export default function CalendarCreatePage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('calendar.createTitle')}>
      <RequireLogin>
        <EntryForm />
      </RequireLogin>
    </Frame>
  );
}

const LOCAL = 'YYYY-MM-DDTHH:mm';

function EntryForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCalendarEntry();
  const next = dayjs().add(1, 'hour').startOf('hour');
  const [title, setTitle] = useState('');
  const [startsAt, setStartsAt] = useState(next.format(LOCAL));
  const [endsAt, setEndsAt] = useState(next.add(1, 'hour').format(LOCAL));
  const [location, setLocation] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (title.trim() === '') found.title = t('calendar.titleRequired');
    if (!dayjs(startsAt).isValid()) found.startsAt = t('calendar.timeRequired');
    if (!dayjs(endsAt).isValid()) found.endsAt = t('calendar.timeRequired');
    else if (!dayjs(endsAt).isAfter(dayjs(startsAt))) found.endsAt = t('calendar.endAfterStart');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        title: title.trim(),
        startsAt: dayjs(startsAt).toISOString(),
        endsAt: dayjs(endsAt).toISOString(),
        timezone: deviceTimeZone(),
        location: location.trim() || null,
        note: note.trim() || null,
      },
      {
        onSuccess: () => {
          Toast.show({ content: t('calendar.saved'), duration: TOAST_DURATION_MS });
          navigate(-1);
        },
        onError: (error) => {
          if (!isApiError(error) || !error.unreported) return;
          if (error.fields.length > 0) {
            setErrors(Object.fromEntries(error.fields.map((field) => [field.field, field.message])));
          } else Toast.show({ content: error.message, duration: TOAST_DURATION_MS });
        },
      },
    );
  };

  const dateField = (id: Field, label: string, value: string, set: (value: string) => void) => (
    <TextField
      id={`calendar-${id}`}
      testId={`calendar-${id}`}
      type="datetime-local"
      label={label}
      value={value}
      onChange={set}
      error={errors[id]}
    />
  );

  return (
    <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <TextField
        id="calendar-title"
        testId="calendar-title"
        label={t('calendar.entryTitle')}
        maxLength={120}
        value={title}
        onChange={setTitle}
        error={errors.title}
      />
      {dateField('startsAt', t('calendar.starts'), startsAt, setStartsAt)}
      {dateField('endsAt', t('calendar.ends'), endsAt, setEndsAt)}
      <TextField
        id="calendar-location"
        testId="calendar-location"
        label={t('common.optionalField', { label: t('calendar.location') })}
        maxLength={200}
        value={location}
        onChange={setLocation}
        error={errors.location}
      />
      <TextField
        id="calendar-note"
        testId="calendar-note"
        label={t('common.optionalField', { label: t('calendar.note') })}
        maxLength={1000}
        value={note}
        onChange={setNote}
        error={errors.note}
      />
      <p className={ui.muted} style={{ margin: 0 }}>
        {t('calendar.zone', { zone: deviceTimeZone() })}
      </p>
      <Button variant="primary" block type="submit" loading={create.isPending} data-testid="calendar-save">
        {t('calendar.save')}
      </Button>
    </form>
  );
}
