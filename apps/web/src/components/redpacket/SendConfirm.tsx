import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PayConfirmSheet } from '@/components/PayConfirmSheet.tsx';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';
import { eachOf } from './rules.ts';
import type { SendFormState } from './useSendForm.ts';

/** Who may open it, in words, for the confirmation. */
function audienceText(form: SendFormState, t: TFunction): string {
  switch (form.audience) {
    case 'followers':
      return t('redpacket.audience.followers');
    case 'room':
      return t('redpacket.audience.membersOf', { name: form.room?.name ?? '' });
    case 'attendees':
      return t('redpacket.audience.attendeesOf', { title: form.room?.name ?? form.activityId });
    default:
      return t('redpacket.audience.anyone');
  }
}

/** The packet spelled out before money moves (SPEC: confirmation first), then the transaction password. */
export function SendConfirm({ form }: { form: SendFormState }) {
  const { t } = useTranslation();
  const asset = form.asset?.code ?? '';
  const count = Number(form.count) || 0;
  const total = form.total ?? '0';
  const decimals = form.asset?.decimals ?? 18;
  return (
    <PayConfirmSheet
      flow={form}
      title={t('redpacket.confirm.title')}
      rows={[
        { label: t('redpacket.confirm.kind'), value: t(`redpacket.kind.${form.kind}`) },
        {
          label: t('redpacket.form.total'),
          value: assetAmount(total, asset, { exact: true }),
          testId: 'confirm-total',
        },
        {
          label: t('redpacket.form.count'),
          value:
            form.split === 'fixed'
              ? t('redpacket.confirm.fixedShares', {
                  count,
                  each: amountFigure(eachOf(total, count, decimals), asset, { exact: true }),
                  asset,
                })
              : t('redpacket.confirm.randomShares', { count }),
          testId: 'confirm-count',
        },
        {
          label: t('redpacket.form.validity'),
          value: t(`redpacket.unit.${form.validityUnit}`, { count: Number(form.validity) }),
        },
        { label: t('redpacket.form.audience'), value: audienceText(form, t), testId: 'confirm-audience' },
        form.needsPassword && { label: t('redpacket.form.password'), value: form.password, testId: 'confirm-password' },
        { label: t('redpacket.form.greeting'), value: form.greeting.trim() || t('redpacket.defaultGreeting') },
      ]}
      hint={t('redpacket.confirm.hint')}
      promptSummary={t('redpacket.confirm.promptSummary', {
        amount: amountFigure(total, asset, { exact: true }),
        asset,
        count,
      })}
      onPay={form.submit}
      testId="send-confirm"
      cancelTestId="send-confirm-cancel"
      okTestId="send-confirm-ok"
      okVariant="danger"
    />
  );
}
