import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app.ts';
import { downloadApplePass, googleWalletLink } from '@/api/wallet-pass.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import styles from './details.module.css';

/**
 * Google's save page in a tab of its own, opened during the tap (a tab opened after the link's request returns
 * would be a pop-up the browser blocks) and sent to the link once it is made; closed again if it cannot be.
 */
async function openGoogleWallet(activityId: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await googleWalletLink(activityId);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" under a confirmed ticket's QR (docs/activities.md "Wallet
 * passes"), each only where the server is set up for it (the start-up config's `walletPasses`, already loaded).
 */
export function WalletButtons({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const wallets = useAppConfig().data?.walletPasses;
  const [busy, setBusy] = useState<'apple' | 'google' | null>(null);
  if (!wallets?.apple && !wallets?.google) return null;
  const run = (which: 'apple' | 'google', work: () => Promise<void>) => async () => {
    setBusy(which);
    try {
      await work();
    } catch (error) {
      toastUnreported(error, t('activity.walletFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.walletButtons} data-testid="wallet-buttons">
      {wallets.apple && (
        <Button
          block
          loading={busy === 'apple'}
          onClick={run('apple', () => downloadApplePass(activityId))}
          data-testid="wallet-apple"
        >
          {t('activity.addToAppleWallet')}
        </Button>
      )}
      {wallets.google && (
        <Button
          block
          loading={busy === 'google'}
          onClick={run('google', () => openGoogleWallet(activityId))}
          data-testid="wallet-google"
        >
          {t('activity.saveToGoogleWallet')}
        </Button>
      )}
    </div>
  );
}
