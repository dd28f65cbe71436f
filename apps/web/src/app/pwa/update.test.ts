import { APP_VERSION, appApi } from '@polaris/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn();
const confirm = vi.fn();
const showToast = vi.fn();
vi.mock('@/api/request.ts', () => ({ api: { call: (...args: unknown[]) => post(...args) } }));
vi.mock('../overlays.ts', () => ({
  confirm: (...args: unknown[]) => confirm(...args),
  showToast: (...args: unknown[]) => showToast(...args),
}));
let platform: 'android' | 'ios' | null = null;
vi.mock('@/lib/native.ts', () => ({ nativePlatform: () => platform, applyUpdate: vi.fn() }));
vi.mock('@/i18n/index.ts', () => ({
  i18n: { t: (key: string, values?: Record<string, string>) => (values ? `${key} ${JSON.stringify(values)}` : key) },
}));

const { checkForUpdate } = await import('./update.ts');

const release = (nowVersion: string, msgContent = 'Offline tickets') => ({
  nowVersion,
  msgContent,
  codePush: true,
  androidUrl: '',
  appUrl: '',
});

describe('the update check (SPEC §4)', () => {
  const activate = vi.fn();
  beforeEach(() => {
    vi.clearAllMocks();
    platform = null;
    activate.mockResolvedValue(undefined);
  });

  it('asks the server for deviceType 2 and stays quiet when it has nothing newer', async () => {
    post.mockResolvedValue(release(APP_VERSION));
    expect(await checkForUpdate({ activate })).toBe('current');
    expect(post).toHaveBeenCalledWith(appApi.clientLastest, { deviceType: 2 }, { silent: true });
    expect(confirm).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('offers a newer release with its notes; accepted, the new build takes over', async () => {
    post.mockResolvedValue(release('99.0.0', 'Faster check-in'));
    confirm.mockResolvedValue(true);
    expect(await checkForUpdate({ activate })).toBe('updating');
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ content: 'Faster check-in' }));
    expect(activate).toHaveBeenCalledOnce();
  });

  it('inside the iOS shell asks as deviceType 1 and hands the accepted release (its bundle) to the installer', async () => {
    platform = 'ios';
    post.mockResolvedValue({ ...release('99.0.0'), bundleUrl: 'https://example.com/web.zip' });
    confirm.mockResolvedValue(true);
    expect(await checkForUpdate({ activate })).toBe('updating');
    expect(post).toHaveBeenCalledWith(appApi.clientLastest, { deviceType: 1 }, { silent: true });
    expect(activate).toHaveBeenCalledWith(
      expect.objectContaining({ codePush: true, bundleUrl: 'https://example.com/web.zip' }),
    );
  });

  it('declined, nothing changes', async () => {
    post.mockResolvedValue(release('99.0.0'));
    confirm.mockResolvedValue(false);
    expect(await checkForUpdate({ activate })).toBe('declined');
    expect(activate).not.toHaveBeenCalled();
  });

  it('"check update failed" when the server release is malformed, the answer is not a release, or the update fails', async () => {
    post.mockRejectedValueOnce(new Error('580 malformed'));
    expect(await checkForUpdate({ activate })).toBe('failed');
    post.mockResolvedValueOnce({ nowVersion: 'soon' });
    expect(await checkForUpdate({ activate })).toBe('failed');
    post.mockResolvedValueOnce(release('99.0.0'));
    confirm.mockResolvedValueOnce(true);
    activate.mockRejectedValueOnce(new Error('no newer build'));
    expect(await checkForUpdate({ activate })).toBe('failed');
    expect(showToast.mock.calls.map(([text]) => text)).toEqual([
      'appUpdate.failed',
      'appUpdate.failed',
      'appUpdate.failed',
    ]);
  });
});
