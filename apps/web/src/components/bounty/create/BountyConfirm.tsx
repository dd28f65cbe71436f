import { BOUNTY_LIMITS } from '@polaris/contract';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import ui from '@/components/ui.module.css';
import { localDateTime } from '@/lib/bounty.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { groupDigits } from '@/lib/wallet.ts';
import type { BountyFormState } from './useBountyForm.ts';

/** The bounty spelled out before its pool is escrowed (pool, split, deadline, who may submit), then the password. */
export function BountyConfirm({ form }: { form: BountyFormState }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const code = form.asset?.code ?? '';
  const split = 'problem' in form.computed ? null : form.computed;
  const when = localDateTime(form.deadline);
  return (
    <>
      <Popup
        visible={form.step === 'confirm'}
        onMaskClick={() => form.setStep('form')}
        onClose={() => form.setStep('form')}
        bodyStyle={{ borderRadius: '16px 16px 0 0' }}
      >
        <div className={ui.sheet} data-testid="bounty-confirm">
          <h2 className={ui.sheetTitle}>{t('bounty.confirm.title')}</h2>
          <dl className={ui.kvList}>
            <div className={ui.kv}>
              <dt>{t('bounty.fields.title')}</dt>
              <dd>{form.title.trim()}</dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('bounty.fields.total')}</dt>
              <dd data-testid="bounty-confirm-total">
                {groupDigits(form.total.trim())} {code}
              </dd>
            </div>
            {split && (
              <div className={ui.kv}>
                <dt>{t('bounty.confirm.split')}</dt>
                <dd data-testid="bounty-confirm-split">
                  {t('bounty.confirm.splitValue', {
                    amount: groupDigits(split.perWinner),
                    asset: code,
                    count: split.winners,
                  })}
                </dd>
              </div>
            )}
            {when && (
              <div className={ui.kv}>
                <dt>{t('bounty.fields.deadline')}</dt>
                <dd>{formatDateAndTime(when, language)}</dd>
              </div>
            )}
            <div className={ui.kv}>
              <dt>{t('bounty.fields.audience')}</dt>
              <dd>{t(`bounty.audience.${form.audience}`)}</dd>
            </div>
          </dl>
          <p className={ui.hint}>
            {t('bounty.confirm.escrow', {
              amount: groupDigits(form.total.trim()),
              asset: code,
              hours: BOUNTY_LIMITS.reviewWindowHours,
            })}
          </p>
          <div className={ui.actions}>
            <Button shape="rounded" onClick={() => form.setStep('form')} data-testid="bounty-confirm-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              color="primary"
              shape="rounded"
              onClick={() => form.setStep('password')}
              data-testid="bounty-confirm-ok"
            >
              {t('common.confirm')}
            </Button>
          </div>
        </div>
      </Popup>

      <TradePasswordPrompt
        visible={form.step === 'password'}
        title={t('tradePassword.enterTitle')}
        summary={t('bounty.confirm.promptSummary', { amount: form.total.trim(), asset: code })}
        pending={form.pending}
        error={form.tradeError}
        onClose={() => {
          if (!form.pending) form.setStep('form');
          form.clearTradeError();
        }}
        onSubmit={form.send}
      />
    </>
  );
}
