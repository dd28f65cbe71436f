import {
  APP_VERSION,
  appApi,
  type ClientRelease,
  ClientReleaseOutput,
  compareVersions,
  WEB_DEVICE_TYPE,
} from '@polaris/contract';
import { api } from '@/api/request.ts';
import { i18n } from '@/i18n/index.ts';
import { type AppVersionInfo, applyUpdate, nativePlatform } from '@/lib/native.ts';
import { confirm, showToast } from '../overlays.ts';
import { activateUpdate } from './service-worker.ts';

export type UpdateCheck = 'current' | 'declined' | 'updating' | 'failed';

/**
 * SPEC §4's update: ask the server for the latest release; when it is newer than this build, offer it with its
 * notes; accepted, the new build takes over and the page reloads. A failure anywhere (the server's release
 * malformed or unreachable, an answer that is not a release, the new build not arriving) shows "check update
 * failed, please retry later" and leaves the running app as it was. Offline there is nothing to check.
 */
/** The iOS shell asks as iOS (1); Android and the web are 2 (SPEC §7, docs/app-platform.md). */
const IOS_DEVICE_TYPE = 1;

/**
 * On the web the waiting service worker takes over; inside a native shell the live-update plugin installs
 * `codePush`, or the store / download page opens (lib/native.ts). Nothing to install is a failure too.
 */
async function installRelease(release: AppVersionInfo): Promise<void> {
  if (!nativePlatform()) return activateUpdate();
  const result = await applyUpdate(release);
  if (result === 'none') throw new Error('no update to install');
}

export async function checkForUpdate(deps = { activate: installRelease }): Promise<UpdateCheck> {
  if (!navigator.onLine) return 'current';
  const t = i18n.t.bind(i18n);
  let nowVersion: string;
  let notes: string;
  let release: ClientRelease;
  try {
    const deviceType = nativePlatform() === 'ios' ? IOS_DEVICE_TYPE : WEB_DEVICE_TYPE;
    const answer = await api.call(appApi.clientLastest, { deviceType }, { silent: true });
    release = ClientReleaseOutput.parse(answer);
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
    await deps.activate(release);
    return 'updating';
  } catch {
    void showToast(t('appUpdate.failed'), 3000);
    return 'failed';
  }
}
