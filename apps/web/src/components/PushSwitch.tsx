import { type PushVapid, TOAST_DURATION_MS } from '@polaris/contract';
import { Switch, Toast } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error.ts';
import { api } from '@/api/request.ts';
import ui from '@/components/ui.module.css';
import {
  browserPush,
  type PushBrowser,
  type PushServer,
  type PushStatus,
  pushStatus,
  turnPushOff,
  turnPushOn,
} from '@/lib/push.ts';

/** The push routes, quiet: the switch says what went wrong itself. */
export const pushServer: PushServer = {
  vapid: () => api.get<PushVapid>('/push/vapid', undefined, { silent: true }),
  subscribe: (subscription) => api.post('/push/subscribe', subscription, { silent: true }),
  unsubscribe: (endpoint) => api.post('/push/unsubscribe', { endpoint }, { silent: true }),
};

/**
 * "Notifications on this device": one switch that asks the browser's permission, subscribes with the server's
 * VAPID key and registers the subscription with the server (docs/notifications.md "Push"); off unsubscribes. Where
 * push cannot work (this browser, a blocked permission, a server without it) the switch is disabled and says why.
 * Self-contained: place it on any page of a signed-in person.
 */
export function PushSwitch({ browser, server = pushServer }: { browser?: PushBrowser | null; server?: PushServer }) {
  const { t } = useTranslation();
  const device = useMemo(() => (browser === undefined ? browserPush() : browser), [browser]);
  const [status, setStatus] = useState<PushStatus | 'loading'>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    pushStatus(device, server).then(
      (found) => live && setStatus(found),
      () => live && setStatus('off'),
    );
    return () => {
      live = false;
    };
  }, [device, server]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setStatus(await (on ? turnPushOn : turnPushOff)(device, server));
    } catch (error) {
      const content = isApiError(error) && error.message ? error.message : t('push.failed');
      Toast.show({ content, duration: TOAST_DURATION_MS });
    } finally {
      setBusy(false);
    }
  };

  const settled = status !== 'loading';
  const usable = status === 'on' || status === 'off';
  const hint = settled && !usable ? t(`push.${status}`) : t('push.hint');
  return (
    <div className={ui.row} data-testid="push-switch" data-status={status}>
      <span className={ui.rowMain}>
        <span className={ui.rowTitle} style={{ display: 'block' }} id="push-switch-title">
          {t('push.title')}
        </span>
        <span className={ui.rowSub} style={{ display: 'block' }} id="push-switch-hint">
          {hint}
        </span>
      </span>
      <span className={ui.rowEnd}>
        <Switch
          checked={status === 'on'}
          loading={busy || !settled}
          disabled={!usable}
          onChange={(on) => void toggle(on)}
          aria-labelledby="push-switch-title"
          aria-describedby="push-switch-hint"
        />
      </span>
    </div>
  );
}
