import type { WalletAsset } from '@polaris/contract';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import ui from '@/components/ui.module.css';
import { groupDigits } from '@/lib/wallet.ts';
import type { TransferFormState } from './useTransferForm.ts';

/** The transfer spelled out (type, recipient, amount, fee, what arrives) to confirm, then the transaction password. */
export function TransferConfirm({ asset, form }: { asset: WalletAsset; form: TransferFormState }) {
  const { t } = useTranslation();
  const { terms, network } = form;
  return (
    <>
      <Popup
        visible={form.step === 'confirm'}
        onMaskClick={() => form.setStep('form')}
        onClose={() => form.setStep('form')}
        bodyStyle={{ borderRadius: '16px 16px 0 0' }}
      >
        <div className={ui.sheet} data-testid="transfer-confirm">
          <h2 className={ui.sheetTitle}>{t('transfer.confirmTitle')}</h2>
          {terms && (
            <dl className={ui.kvList}>
              <div className={ui.kv}>
                <dt>{t('transfer.type')}</dt>
                <dd>
                  {terms.kind === 'internal'
                    ? t('transfer.internal')
                    : t('transfer.withdrawal', { chain: network?.chainName ?? '' })}
                </dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('transfer.to')}</dt>
                <dd data-testid="confirm-to">{form.recipient}</dd>
              </div>
              {terms.recipient && (
                <div className={ui.kv}>
                  <dt>{t('transfer.recipient')}</dt>
                  <dd>{terms.recipient.label}</dd>
                </div>
              )}
              <div className={ui.kv}>
                <dt>{t('contract:fields.amount')}</dt>
                <dd data-testid="confirm-amount">
                  {groupDigits(form.amount.trim())} {asset.code}
                </dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('transfer.fee')}</dt>
                <dd>{terms.kind === 'internal' ? t('transfer.free') : `${terms.fee} ${asset.code}`}</dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('transfer.receive')}</dt>
                <dd data-testid="confirm-receive">
                  {groupDigits(form.receive ?? '0')} {asset.code}
                </dd>
              </div>
            </dl>
          )}
          <p className={ui.hint}>
            {terms?.kind === 'withdrawal' ? t('transfer.irreversible') : t('transfer.internalHint')}
          </p>
          <div className={ui.actions}>
            <Button shape="rounded" onClick={() => form.setStep('form')} data-testid="confirm-cancel">
              {t('common.cancel')}
            </Button>
            <Button color="primary" shape="rounded" onClick={() => form.setStep('password')} data-testid="confirm-ok">
              {t('common.confirm')}
            </Button>
          </div>
        </div>
      </Popup>

      <TradePasswordPrompt
        visible={form.step === 'password'}
        title={t('tradePassword.enterTitle')}
        summary={t('transfer.promptSummary', { amount: form.amount.trim(), asset: asset.code, to: form.recipient })}
        pending={form.pending}
        error={form.tradeError}
        totp={form.totp}
        onClose={() => {
          if (!form.pending) form.setStep('form');
          form.clearTradeError();
        }}
        onSubmit={form.send}
      />
    </>
  );
}
