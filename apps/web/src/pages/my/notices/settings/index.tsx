import {
  NOTICE_CATEGORIES,
  NOTICE_CHANNELS,
  type NoticeCategory,
  type NoticeChannel,
  type NoticePreferences,
} from '@polaris/contract';
import { Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences, useSavePreferences } from '@/api/notice.ts';
import { Frame } from '@/app/Frame.tsx';
import { Button } from '@/components/Button.tsx';
import { InputField } from '@/components/Field.tsx';
import { reportFormError, toastUnreported } from '@/components/form-errors.ts';
import styles from '@/components/notices/notices.module.css';
import { PushSwitch } from '@/components/PushSwitch.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import type { FieldErrors } from '@/lib/auth-forms.ts';
import { nativePlatform } from '@/lib/native.ts';

/**
 * Notification settings (docs/notifications.md "Screens"): a switch per category and channel (each saved as it is
 * flipped), push on this device, and quiet hours in a time zone (the device's unless the user chose one).
 */
export default function NoticeSettingsPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('notices.settings.title')}>
      <RequireLogin>
        <Settings />
      </RequireLogin>
    </Frame>
  );
}

function Settings() {
  const query = usePreferences();
  if (query.isPending) return <Loading testId="notice-settings-loading" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} testId="notice-settings-failed" />;
  return (
    <>
      <Channels preferences={query.data} />
      <Push preferences={query.data} />
      <QuietHours preferences={query.data} />
    </>
  );
}

type Cell = `${NoticeCategory}.${NoticeChannel}`;

function Channels({ preferences }: { preferences: NoticePreferences }) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  // What the user flipped, shown at once; dropped again if the server refuses.
  const [flipped, setFlipped] = useState<Partial<Record<Cell, boolean>>>({});
  const [error, setError] = useState<{ cell: Cell; message: string } | null>(null);
  const flip = (category: NoticeCategory, channel: NoticeChannel, enabled: boolean) => {
    const cell: Cell = `${category}.${channel}`;
    setError(null);
    setFlipped((now) => ({ ...now, [cell]: enabled }));
    save.mutate(
      { channels: [{ category, channel, enabled }] },
      {
        onError: (failure) => {
          setFlipped(({ [cell]: _dropped, ...rest }) => rest);
          const message = fieldMessage(failure);
          if (message) setError({ cell, message });
          else toastUnreported(failure);
        },
      },
    );
  };
  const channelName = (channel: NoticeChannel) => t(`notices.settings.channels.${channel}`);
  return (
    <section className={ui.card} aria-labelledby="notice-channels-title">
      <h2 className={styles.cardTitle} id="notice-channels-title">
        {t('notices.settings.channelsTitle')}
      </h2>
      <p className={styles.hint}>{t('notices.settings.channelsHint')}</p>
      <table className={styles.table} data-testid="notice-settings-table">
        <thead>
          <tr>
            <th scope="col">{t('notices.settings.category')}</th>
            {NOTICE_CHANNELS.map((channel) => (
              <th scope="col" key={channel}>
                {channelName(channel)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTICE_CATEGORIES.map((category) => {
            const name = t(`contract:notice.categories.${category}`);
            const rowError = error?.cell.startsWith(`${category}.`) ? error.message : null;
            return (
              <tr key={category}>
                <th scope="row">
                  {name}
                  {rowError && (
                    <p className={styles.fieldError} role="alert" data-testid={`notice-settings-error-${category}`}>
                      {rowError}
                    </p>
                  )}
                </th>
                {NOTICE_CHANNELS.map((channel) => {
                  const checked =
                    flipped[`${category}.${channel}`] ?? preferences.channels[category]?.[channel] ?? false;
                  return (
                    <td key={channel}>
                      <Switch
                        checked={checked}
                        onChange={(value) => flip(category, channel, value)}
                        aria-label={t('notices.settings.switchLabel', {
                          category: name,
                          channel: channelName(channel),
                        })}
                        data-testid={`notice-switch-${category}-${channel}`}
                      />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The message of a refused save that names a field (shown on its row); anything else is a toast. */
function fieldMessage(error: unknown): string | null {
  return isApiError(error) && error.unreported ? (error.fields[0]?.message ?? null) : null;
}

function Push({ preferences }: { preferences: NoticePreferences }) {
  const { t } = useTranslation();
  const inShell = nativePlatform() !== null;
  return (
    <section className={ui.card} aria-labelledby="notice-push-title" data-testid="notice-settings-push">
      <h2 className={styles.cardTitle} id="notice-push-title">
        {t('notices.settings.pushTitle')}
      </h2>
      {/* In the Android/iOS shell the switch is native push's (disabled, saying why, when the server has none). */}
      {(preferences.push.web || inShell) && <PushSwitch />}
      {!preferences.push.web && !preferences.push.native && !inShell && (
        <p className={styles.hint} data-testid="notice-settings-push-off">
          {t('notices.settings.pushServerOff')}
        </p>
      )}
    </section>
  );
}

function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function QuietHours({ preferences }: { preferences: NoticePreferences }) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  const device = deviceTimeZone();
  const [on, setOn] = useState(preferences.quietHours !== null);
  const [start, setStart] = useState(preferences.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(preferences.quietHours?.end ?? '08:00');
  // The zone matters only for quiet hours: until they are set, the device's is the one to offer (the server's
  // answer then is only its default).
  const [timezone, setTimezone] = useState(preferences.quietHours ? preferences.timezone || device : device);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () => {
    setErrors({});
    save.mutate(
      { quietHours: on ? { start, end } : null, timezone: timezone.trim() },
      {
        onSuccess: () => Toast.show({ content: t('notices.settings.saved') }),
        onError: (failure) =>
          reportFormError(failure, ['quietHours', 'quietHours.start', 'quietHours.end', 'timezone'], setErrors),
      },
    );
  };
  const quietError = errors.quietHours ?? errors['quietHours.start'] ?? errors['quietHours.end'];
  return (
    <section className={ui.card} aria-labelledby="notice-quiet-title">
      <div className={styles.switchRow}>
        <h2 className={styles.cardTitle} id="notice-quiet-title">
          {t('notices.settings.quietTitle')}
        </h2>
        <Switch
          checked={on}
          onChange={setOn}
          aria-label={t('notices.settings.quietOn')}
          data-testid="notice-quiet-on"
        />
      </div>
      <p className={styles.hint}>{t('notices.settings.quietHint')}</p>
      {on && (
        <div className={styles.times}>
          <label>
            {t('notices.settings.quietStart')}
            <input
              type="time"
              value={start}
              onChange={(event) => setStart(event.target.value)}
              aria-invalid={Boolean(errors['quietHours.start'])}
              data-testid="notice-quiet-start"
            />
          </label>
          <label>
            {t('notices.settings.quietEnd')}
            <input
              type="time"
              value={end}
              onChange={(event) => setEnd(event.target.value)}
              aria-invalid={Boolean(errors['quietHours.end'])}
              data-testid="notice-quiet-end"
            />
          </label>
        </div>
      )}
      {quietError && (
        <p className={styles.fieldError} role="alert" data-testid="notice-quiet-error">
          {quietError}
        </p>
      )}
      <div className={styles.zone} style={{ marginTop: 16 }}>
        <InputField
          id="notice-timezone"
          label={t('notices.settings.timezone')}
          hint={t('notices.settings.timezoneHint')}
          error={errors.timezone}
          value={timezone}
          onChange={(event) => setTimezone(event.target.value)}
          list="notice-timezones"
          autoCapitalize="off"
          spellCheck={false}
        />
        <datalist id="notice-timezones">
          {timeZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {timezone !== device && (
          <Button size="small" onClick={() => setTimezone(device)} data-testid="notice-timezone-device">
            {t('notices.settings.useDevice', { zone: device })}
          </Button>
        )}
      </div>
      <Button
        variant="primary"
        block
        style={{ marginTop: 16 }}
        loading={save.isPending}
        onClick={submit}
        data-testid="notice-quiet-save"
      >
        {t('notices.settings.save')}
      </Button>
    </section>
  );
}

function timeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}
