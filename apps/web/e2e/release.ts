import path from 'node:path';
import { APP_VERSION } from '@polaris/contract';

/** The release file the e2e servers answer `/client/lastest` from (docs/app-platform.md). */
export const releaseFileOf = (dataDir: string) => path.join(dataDir, 'client-release.json');

export const CURRENT_RELEASE = {
  nowVersion: APP_VERSION,
  msgContent: '',
  codePush: false,
  androidUrl: '',
  appUrl: '',
};
