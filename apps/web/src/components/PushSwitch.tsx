import { pushApi, TOAST_DURATION_MS } from '@polaris/contract';
import { Switch, Toast } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/request.ts';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import {
  type NativePushDevice,
  type NativePushServer,
  nativePushDevice,
  nativePushStatus,
  turnNativePushOff,
  turnNativePushOn,
} from '@/lib/native-push.ts';
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
const pushServer: PushServer = {
  vapid: () => api.call(pushApi.vapid, undefined, { silent: true }),
  subscribe: (subscription) => api.call(pushApi.subscribe, subscription, { silent: true }),
  unsubscribe: (endpoint) => api.call(pushApi.unsubscribe, { endpoint }, { silent: true }),
};

/** The same routes with a native shell's device token. */
const nativePushServer: NativePushServer = {
  vapid: pushServer.vapid,
  subscribe: (device) => api.call(pushApi.subscribe, device, { silent: true }),
  unsubscribe: (token) => api.call(pushApi.unsubscribe, { token }, { silent: true }),
};

/** What the switch does, on this browser or in the native shell. */
interface Driver {
  status(): Promise<PushStatus>;
  turn(on: boolean): Promise<PushStatus>;
}

function driverFor(
  shell: NativePushDevice | null,
  browser: PushBrowser | null,
  server: PushServer,
  nativeServer: NativePushServer,
): Driver {
  if (shell) {
    return {
      status: () => nativePushStatus(shell, nativeServer),
      turn: (on) => (on ? turnNativePushOn : turnNativePushOff)(shell, nativeServer),
    };
  }
  return {
    status: () => pushStatus(browser, server),
    turn: (on) => (on ? turnPushOn : turnPushOff)(browser, server),
  };
}

/**
 * "Notifications on this device": one switch that asks the browser's permission, subscribes with the server's
 * VAPID key and registers the subscription with the server (docs/notifications.md "Push"); off unsubscribes. Where
 * push cannot work (this browser, a blocked permission, a server without it) the switch is disabled and says why.
 * Inside the Android/iOS shell it registers the device with FCM/APNs through the push plugin instead
 * (lib/native-push.ts), and is disabled when the server has no credentials for them. Self-contained: place it on
 * any page of a signed-in person.
 */
export function PushSwitch({
  browser,
  server = pushServer,
  shell,
  nativeServer = nativePushServer,
}: {
  browser?: PushBrowser | null;
  server?: PushServer;
  shell?: NativePushDevice | null;
  nativeServer?: NativePushServer;
}) {
  const { t } = useTranslation();
  const native = useMemo(() => (shell === undefined ? nativePushDevice() : shell), [shell]);
  const driver = useMemo(
    () => driverFor(native, native ? null : browser === undefined ? browserPush() : browser, server, nativeServer),
    [native, browser, server, nativeServer],
  );
  const [status, setStatus] = useState<PushStatus | 'loading'>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    driver.status().then(
      (found) => live && setStatus(found),
      () => live && setStatus('off'),
    );
    return () => {
      live = false;
    };
  }, [driver]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setStatus(await driver.turn(on));
    } catch (error) {
      const content = isApiError(error) && error.message ? error.message : t('push.failed');
      Toast.show({ content, duration: TOAST_DURATION_MS });
    } finally {
      setBusy(false);
    }
  };

  const settled = status !== 'loading';
  const usable = status === 'on' || status === 'off';
  const reason = status === 'denied' && native ? 'deniedNative' : status;
  const hint = settled && !usable ? t(`push.${reason}`) : t('push.hint');
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
