import { BOUNTY_LIMITS } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { PayConfirmSheet } from '@/components/PayConfirmSheet.tsx';
import { localDateTime } from '@/lib/bounty.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';
import type { BountyFormState } from './useBountyForm.ts';

/** The bounty spelled out before its pool is escrowed (pool, split, deadline, who may submit), then the password. */
export function BountyConfirm({ form }: { form: BountyFormState }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const code = form.asset?.code ?? '';
  const split = 'problem' in form.computed ? null : form.computed;
  const when = localDateTime(form.deadline);
  const total = form.total.trim();
  return (
    <PayConfirmSheet
      flow={form}
      title={t('bounty.confirm.title')}
      rows={[
        { label: t('bounty.fields.title'), value: form.title.trim() },
        {
          label: t('bounty.fields.total'),
          value: assetAmount(total, code, { exact: true }),
          testId: 'bounty-confirm-total',
        },
        split && {
          label: t('bounty.confirm.split'),
          value: t('bounty.confirm.splitValue', {
            amount: amountFigure(split.perWinner, code),
            asset: code,
            count: split.winners,
          }),
          testId: 'bounty-confirm-split',
        },
        when && { label: t('bounty.fields.deadline'), value: formatDateAndTime(when, language) },
        { label: t('bounty.fields.audience'), value: t(`bounty.audience.${form.audience}`) },
      ]}
      hint={t('bounty.confirm.escrow', {
        amount: amountFigure(total, code, { exact: true }),
        asset: code,
        hours: BOUNTY_LIMITS.reviewWindowHours,
      })}
      promptSummary={t('bounty.confirm.promptSummary', { amount: total, asset: code })}
      onPay={form.send}
      testId="bounty-confirm"
      cancelTestId="bounty-confirm-cancel"
      okTestId="bounty-confirm-ok"
    />
  );
}
