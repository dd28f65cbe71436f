import { APP_VERSION, ClientReleaseOutput, compareVersions, WEB_DEVICE_TYPE } from '@polaris/contract';
import { api } from '@/api/request.ts';
import { i18n } from '@/i18n/index.ts';
import { confirm, showToast } from '../overlays.ts';
import { activateUpdate } from './service-worker.ts';

export type UpdateCheck = 'current' | 'declined' | 'updating' | 'failed';

/**
 * SPEC §4's update: ask the server for the latest release; when it is newer than this build, offer it with its
 * notes; accepted, the new build takes over and the page reloads. A failure anywhere (the server's release
 * malformed or unreachable, an answer that is not a release, the new build not arriving) shows "check update
 * failed, please retry later" and leaves the running app as it was. Offline there is nothing to check.
 */
export async function checkForUpdate(deps = { activate: () => activateUpdate() }): Promise<UpdateCheck> {
  if (!navigator.onLine) return 'current';
  const t = i18n.t.bind(i18n);
  let nowVersion: string;
  let notes: string;
  try {
    const answer = await api.post('/client/lastest', { deviceType: WEB_DEVICE_TYPE }, { silent: true });
    const release = ClientReleaseOutput.parse(answer);
    nowVersion = release.nowVersion;
    notes = release.msgContent;
  } catch {
    void showToast(t('appUpdate.failed'), 3000);
    return 'failed';
  }
  if (compareVersions(nowVersion, APP_VERSION) <= 0) return 'current';
  const accepted = await confirm({
    title: t('appUpdate.title', { version: nowVersion }),
    content: notes.trim() || t('appUpdate.noNotes'),
    confirmText: t('appUpdate.update'),
    cancelText: t('appUpdate.later'),
  });
  if (!accepted) return 'declined';
  try {
    await deps.activate();
    return 'updating';
  } catch {
    void showToast(t('appUpdate.failed'), 3000);
    return 'failed';
  }
}
