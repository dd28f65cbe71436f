import type { Activity } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import ui from '@/components/activity/activity.module.css';
import { DepositNotice } from '@/components/activity/deposit/DepositNotice.tsx';
import { Button } from '@/components/Button.tsx';
import { ChoiceField } from '@/components/ChoiceField.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { TextField } from '@/components/TextField.tsx';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';
import styles from './details.module.css';
import { isZeroAmount } from './promo-pricing.ts';
import { priceText, type SignUpFlow } from './useSignUpFlow.ts';

/**
 * The confirmation sheet (activity, ticket, price, what will happen, the refund rule for a paid ticket, the
 * questions to answer), then for a paid ticket the transaction password.
 */
export function SignUpSheet({ activity, flow }: { activity: Activity; flow: SignUpFlow }) {
  const { t } = useTranslation();
  const { ticket, charge } = flow;
  return (
    <>
      <Sheet visible={flow.confirming} onClose={flow.closeSheet} blocking={flow.pending} destroyOnClose>
        {ticket && (
          <div className={ui.sheet} data-testid="signup-confirm">
            <h2 className={ui.sheetTitle}>{t('activity.confirmTitle')}</h2>
            <dl style={{ margin: 0 }}>
              <div className={ui.kv}>
                <dt>{t('activity.activity')}</dt>
                <dd>{activity.title}</dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('activity.ticket')}</dt>
                <dd>{ticket.name}</dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('activity.price')}</dt>
                <dd data-testid="signup-confirm-price">{priceText(ticket, t)}</dd>
              </div>
              {/* A code that takes nothing off (a free speaker's ticket) adds no lines. */}
              {flow.promoPrice && flow.promo && !isZeroAmount(flow.promoPrice.discount) && (
                <>
                  <div className={ui.kv}>
                    <dt>{t('promo.discountWith', { code: flow.promo.code })}</dt>
                    <dd data-testid="signup-confirm-discount">
                      −{ticket.asset ? assetAmount(flow.promoPrice.discount, ticket.asset) : flow.promoPrice.discount}
                    </dd>
                  </div>
                  <div className={ui.kv}>
                    <dt>{t('promo.toPay')}</dt>
                    <dd data-testid="signup-confirm-pay">
                      {flow.free
                        ? t('activity.free')
                        : ticket.asset
                          ? assetAmount(flow.promoPrice.pay, ticket.asset)
                          : flow.promoPrice.pay}
                    </dd>
                  </div>
                </>
              )}
              {flow.balance && charge && (
                <div className={ui.kv}>
                  <dt>{t('activity.yourBalance')}</dt>
                  <dd data-testid="signup-confirm-balance">
                    {flow.balance.available === null ? '…' : assetAmount(flow.balance.available, charge.asset)}
                  </dd>
                </div>
              )}
            </dl>
            {flow.balance?.shortfall && charge && (
              <p className={styles.notice} role="status" data-testid="signup-confirm-shortfall">
                {t('activity.shortfall', {
                  amount: assetAmount(flow.balance.shortfall, charge.asset),
                  asset: charge.asset,
                })}
              </p>
            )}
            {flow.balance?.failed && (
              <p className={styles.notice} role="alert" data-testid="signup-confirm-balance-failed">
                {t('activity.balanceFailed')}
              </p>
            )}
            <p className={styles.notice} data-testid="signup-confirm-outcome" data-outcome={flow.outcome}>
              {t(`activity.outcome.${flow.outcome}${flow.free ? 'Free' : 'Paid'}`)}
            </p>
            {!flow.free && <p className={ui.muted}>{t('activity.refundRule')}</p>}
            {charge?.deposit && flow.depositTerms && (
              <DepositNotice
                terms={flow.depositTerms}
                timezone={activity.timezone}
                testId="signup-confirm-deposit-rule"
              />
            )}
            {activity.questions.map((question) => {
              const label = `${question.label}${question.required ? ' *' : ''}`;
              const common = {
                id: `question-${question.id}`,
                testId: `signup-question-${question.id}`,
                label,
                value: flow.answers[question.id] ?? '',
                onChange: (value: string) => flow.answer(question.id, value),
                error: flow.answerErrors[question.id],
              };
              return question.type === 'choice' && question.options?.length ? (
                <ChoiceField key={question.id} {...common} options={question.options} />
              ) : (
                <TextField key={question.id} {...common} maxLength={500} />
              );
            })}
            <div className={ui.actions}>
              <Button onClick={flow.closeSheet} data-testid="signup-confirm-cancel">
                {t('common.cancel')}
              </Button>
              {flow.balance?.shortfall && charge ? (
                <Button variant="primary" onClick={flow.deposit} data-testid="signup-confirm-deposit">
                  {t('activity.depositToPay', { asset: charge.asset })}
                </Button>
              ) : (
                <Button
                  variant="primary"
                  loading={
                    flow.pending || (flow.balance !== null && flow.balance.available === null && !flow.balance.failed)
                  }
                  disabled={flow.pending || (flow.balance !== null && flow.balance.available === null)}
                  onClick={flow.confirm}
                  data-testid="signup-confirm-ok"
                >
                  {charge?.deposit ? t('noShowDeposit.freeze') : flow.free ? t('common.confirm') : t('activity.pay')}
                </Button>
              )}
            </div>
          </div>
        )}
      </Sheet>
      <TradePasswordPrompt
        visible={flow.paying}
        title={charge?.deposit ? t('noShowDeposit.payTitle') : t('activity.payTitle')}
        summary={
          charge
            ? t(charge.deposit ? 'noShowDeposit.paySummary' : 'activity.paySummary', {
                amount: amountFigure(charge.amount, charge.asset),
                asset: charge.asset,
                title: activity.title,
              })
            : undefined
        }
        pending={flow.pending}
        error={flow.tradeError}
        onClose={flow.closePayment}
        onSubmit={flow.submitPaid}
      />
    </>
  );
}
