import type { WalletAsset } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { PayConfirmSheet } from '@/components/PayConfirmSheet.tsx';
import { assetAmount } from '@/lib/wallet.ts';
import type { TransferFormState } from './useTransferForm.ts';

/** The transfer spelled out (type, recipient, amount, fee, what arrives) to confirm, then the transaction password. */
export function TransferConfirm({ asset, form }: { asset: WalletAsset; form: TransferFormState }) {
  const { t } = useTranslation();
  const { terms, network } = form;
  const internal = terms?.kind === 'internal';
  return (
    <PayConfirmSheet
      flow={form}
      title={t('transfer.confirmTitle')}
      rows={
        terms
          ? [
              {
                label: t('transfer.type'),
                value: internal
                  ? t('transfer.internal')
                  : t('transfer.withdrawal', { chain: network?.chainName ?? '' }),
              },
              { label: t('transfer.to'), value: form.recipient, testId: 'confirm-to' },
              terms.recipient && { label: t('transfer.recipient'), value: terms.recipient.label },
              {
                label: t('contract:fields.amount'),
                value: assetAmount(form.amount.trim(), asset.code, { exact: true }),
                testId: 'confirm-amount',
              },
              { label: t('transfer.fee'), value: internal ? t('transfer.free') : `${terms.fee} ${asset.code}` },
              {
                label: t('transfer.receive'),
                value: assetAmount(form.receive ?? '0', asset.code, { exact: true }),
                testId: 'confirm-receive',
              },
            ]
          : []
      }
      hint={terms?.kind === 'withdrawal' ? t('transfer.irreversible') : t('transfer.internalHint')}
      promptSummary={t('transfer.promptSummary', { amount: form.amount.trim(), asset: asset.code, to: form.recipient })}
      onPay={form.send}
      secondFactor={form.secondFactor}
      testId="transfer-confirm"
      cancelTestId="confirm-cancel"
      okTestId="confirm-ok"
    />
  );
}
