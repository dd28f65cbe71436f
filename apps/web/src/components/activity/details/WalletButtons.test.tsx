import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountScreen, waitFor } from '@/components/test-mount.tsx';
import { WalletButtons } from './WalletButtons.tsx';

/** What this server's start-up config says of the wallets, and what the buttons asked of it. */
const server = vi.hoisted(() => ({
  wallets: { apple: false, google: false },
  downloads: [] as { path: string; params: unknown }[],
}));

vi.mock('@/api/request.ts', () => ({
  api: {
    call: vi.fn(async (route: { path: string }) => {
      if (route.path === '/app/config') return { walletPasses: server.wallets, signInProviders: [] };
      if (route.path === '/activity/ticket/googleWallet') return { url: 'https://pay.google.com/gp/v/save/x.y.z' };
      throw new Error(`unexpected ${route.path}`);
    }),
    download: vi.fn(async (path: string, _accept: string, options: { params: unknown }) => {
      server.downloads.push({ path, params: options.params });
      return { blob: new Blob(['zip']), filename: 'ticket.pkpass' };
    }),
  },
}));
vi.mock('@/lib/save-file.ts', () => ({ saveFile: vi.fn() }));

beforeEach(() => {
  server.downloads.length = 0;
});

async function buttonsFor(wallets: { apple: boolean; google: boolean }) {
  server.wallets = wallets;
  const container = await mountScreen(<WalletButtons activityId="a1" />);
  // The config's answer comes a turn after the first render.
  await waitFor(container, '[data-testid="wallet-buttons"]');
  return (testId: string) => container.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
}

describe('the wallet buttons under a ticket follow what the server is set up for', () => {
  it('shows only Apple Wallet where only a pass certificate is set, and downloads the pass with the session', async () => {
    const find = await buttonsFor({ apple: true, google: false });
    expect(find('wallet-apple')?.textContent).toBe('activity.addToAppleWallet');
    expect(find('wallet-google')).toBeNull();
    await act(async () => find('wallet-apple')!.click());
    expect(server.downloads).toEqual([{ path: '/activity/ticket/wallet.pkpass', params: { activityId: 'a1' } }]);
  });

  it('shows only Google Wallet where only a service account is set', async () => {
    const find = await buttonsFor({ apple: false, google: true });
    expect(find('wallet-google')?.textContent).toBe('activity.saveToGoogleWallet');
    expect(find('wallet-apple')).toBeNull();
  });

  it('shows both where both are set, and nothing at all where neither is', async () => {
    const both = await buttonsFor({ apple: true, google: true });
    expect(both('wallet-apple')).not.toBeNull();
    expect(both('wallet-google')).not.toBeNull();
    const neither = await buttonsFor({ apple: false, google: false });
    expect(neither('wallet-buttons')).toBeNull();
    expect(neither('wallet-apple')).toBeNull();
  });
});
