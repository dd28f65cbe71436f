import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_VERSION, type ClientRelease, compareVersions } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** `/client/lastest` from the release file, and `/client/device` reports. */

let t: TestApp;
let dir: string;
let releaseFile: string;

const release = {
  nowVersion: '3.5.0',
  msgContent: 'Offline tickets and faster check-in',
  codePush: true,
  androidUrl: 'https://example.com/polaris.apk',
  appUrl: 'https://example.com/app',
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'polaris-release-'));
  releaseFile = path.join(dir, 'release.json');
  t = await createTestApp({ env: { CLIENT_RELEASE_FILE: releaseFile } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A new modification time each write, so the server's cache sees every change even within one millisecond. */
let writes = 0;
async function publish(content: string) {
  await writeFile(releaseFile, content + ' '.repeat(++writes));
}
const latest = (query: Record<string, string> = { deviceType: '2' }) =>
  t.call<ClientRelease>('POST', '/client/lastest', { query });

describe('POST /client/lastest', () => {
  it('answers the release the file names, and a new file without a restart', async () => {
    await publish(JSON.stringify(release));
    expect(await latest()).toMatchObject({ status: 200, attachment: release });
    await publish(JSON.stringify({ ...release, nowVersion: '3.5.1' }));
    expect((await latest()).attachment.nowVersion).toBe('3.5.1');
  });

  it('a malformed file is a clear 580 naming the problem, and the server keeps serving', async () => {
    for (const broken of ['{ "nowVersion": ', JSON.stringify({ ...release, nowVersion: 'latest!' }), '[]', '']) {
      await publish(broken);
      const answer = await latest();
      expect(answer.http).toBe(200);
      expect(answer).toMatchObject({
        status: 580,
        msg: 'The update information on the server is malformed: check update failed, please retry later',
      });
    }
    const zh = await t.call('POST', '/client/lastest', { query: { deviceType: '2' }, locale: 'zh_TW' });
    expect(zh.msg).toBe('伺服器上的更新資訊格式有誤：檢查更新失敗，請稍後重試');
    expect((await t.call('GET', '/health')).status).toBe(200);
    await publish(JSON.stringify(release));
    expect((await latest()).status).toBe(200);
  });

  it('a missing file is the same clear error', async () => {
    await rm(releaseFile);
    expect((await latest()).status).toBe(580);
    await publish(JSON.stringify(release));
  });

  it('refuses an unknown device type, naming the field', async () => {
    for (const deviceType of ['9', 'x', '2.5']) {
      const answer = await latest({ deviceType });
      expect(answer.status).toBe(400);
      expect(answer.msg).toContain('device type');
    }
  });

  it('without a release file answers the built-in version', async () => {
    const plain = await createTestApp();
    try {
      const answer = await plain.call<ClientRelease>('POST', '/client/lastest', { body: { deviceType: 2 } });
      expect(answer.attachment).toEqual({
        nowVersion: APP_VERSION,
        msgContent: '',
        codePush: false,
        bundleUrl: '',
        androidUrl: '',
        appUrl: '',
      });
    } finally {
      await plain.close();
    }
  });

  it('compares versions part by part', () => {
    expect(compareVersions('3.4.10', '3.4.5')).toBe(1);
    expect(compareVersions('3.4.5', '3.4.5.0')).toBe(0);
    expect(compareVersions('3.4', '3.4.1')).toBe(-1);
  });
});

describe('POST /client/device', () => {
  const report = {
    deviceId: 'web_0123456789abcdef',
    deviceType: 2,
    appVersion: '3.4.5',
    versionCode: 25010275,
    os: 'Android 14',
    model: 'Pixel 8',
    language: 'zh-Hant',
    screen: '390x844',
  };
  const rows = async () =>
    (
      await query<{ device_id: string; uid: string | null; reports: number; app_version: string }>(
        t.database.db,
        sql`select d.device_id, u.uid::text as uid, d.reports, d.app_version
            from client_devices d left join users u on u.id = d.user_id order by d.id`,
      )
    ).rows;

  it('stores one row per device, updated by each report, with the signed-in user kept', async () => {
    const account = await t.register('device-owner@example.com');
    expect((await t.call('POST', '/client/device', { body: report, token: account.token })).status).toBe(200);
    expect((await t.call('POST', '/client/device', { body: { ...report, appVersion: '3.5.0' } })).status).toBe(200);
    expect(await rows()).toEqual([
      { device_id: report.deviceId, uid: String(account.uid), reports: 2, app_version: '3.5.0' },
    ]);
  });

  it('200 reports of one new device at once make one row', async () => {
    const deviceId = 'burst_0123456789abcdef';
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => t.call('POST', '/client/device', { body: { ...report, deviceId } })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await rows()).filter((row) => row.device_id === deviceId)).toEqual([
      expect.objectContaining({ reports: 200 }),
    ]);
  });

  it('refuses hostile or malformed reports with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ deviceId: 'short' }, 'device id'],
      [{ deviceId: 'a'.repeat(65) }, 'device id'],
      [{ deviceType: 7 }, 'device type'],
      [{ appVersion: '3.4.5-beta' }, 'version'],
      [{ os: 'Android\u0000' }, 'os'],
      [{ model: 'x'.repeat(65) }, 'model'],
      [{ screen: 'big' }, 'screen'],
      [{ versionCode: -1 }, 'versionCode'],
    ];
    for (const [change, named] of cases) {
      const answer = await t.call('POST', '/client/device', { body: { ...report, ...change } });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(`${answer.msg} ${JSON.stringify(answer.attachment)}`.toLowerCase()).toContain(named.toLowerCase());
    }
    const lone = await t.call('POST', '/client/device', {
      rawBody: `{"deviceId":"web_0123456789abcdef","deviceType":2,"appVersion":"3.4.5","versionCode":1,"model":"\\ud800"}`,
    });
    expect(lone.status).toBe(400);
  });
});
