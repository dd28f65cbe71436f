import { Button, Popup } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import ui from '@/components/ui.module.css';
import { groupDigits } from '@/lib/wallet.ts';
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
    <>
      <Popup
        visible={form.step === 'confirm'}
        onMaskClick={() => form.setStep('form')}
        onClose={() => form.setStep('form')}
        bodyStyle={{ borderRadius: '16px 16px 0 0' }}
      >
        <div className={ui.sheet} data-testid="send-confirm">
          <h2 className={ui.sheetTitle}>{t('redpacket.confirm.title')}</h2>
          <dl className={ui.kvList}>
            <div className={ui.kv}>
              <dt>{t('redpacket.confirm.kind')}</dt>
              <dd>{t(`redpacket.kind.${form.kind}`)}</dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('redpacket.form.total')}</dt>
              <dd data-testid="confirm-total">
                {groupDigits(total)} {asset}
              </dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('redpacket.form.count')}</dt>
              <dd data-testid="confirm-count">
                {form.split === 'fixed'
                  ? t('redpacket.confirm.fixedShares', {
                      count,
                      each: groupDigits(eachOf(total, count, decimals)),
                      asset,
                    })
                  : t('redpacket.confirm.randomShares', { count })}
              </dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('redpacket.form.validity')}</dt>
              <dd>{t(`redpacket.unit.${form.validityUnit}`, { count: Number(form.validity) })}</dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('redpacket.form.audience')}</dt>
              <dd data-testid="confirm-audience">{audienceText(form, t)}</dd>
            </div>
            {form.needsPassword && (
              <div className={ui.kv}>
                <dt>{t('redpacket.form.password')}</dt>
                <dd data-testid="confirm-password">{form.password}</dd>
              </div>
            )}
            <div className={ui.kv}>
              <dt>{t('redpacket.form.greeting')}</dt>
              <dd>{form.greeting.trim() || t('redpacket.defaultGreeting')}</dd>
            </div>
          </dl>
          <p className={ui.hint}>{t('redpacket.confirm.hint')}</p>
          <div className={ui.actions}>
            <Button shape="rounded" onClick={() => form.setStep('form')} data-testid="send-confirm-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              color="danger"
              shape="rounded"
              onClick={() => form.setStep('password')}
              data-testid="send-confirm-ok"
            >
              {t('common.confirm')}
            </Button>
          </div>
        </div>
      </Popup>
      <TradePasswordPrompt
        visible={form.step === 'password'}
        title={t('tradePassword.enterTitle')}
        summary={t('redpacket.confirm.promptSummary', { amount: groupDigits(total), asset, count })}
        pending={form.pending}
        error={form.tradeError}
        onClose={() => {
          if (!form.pending) form.setStep('form');
          form.clearTradeError();
        }}
        onSubmit={form.submit}
      />
    </>
  );
}
