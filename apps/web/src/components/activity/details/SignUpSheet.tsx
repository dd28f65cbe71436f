import type { Activity } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import ui from '@/components/activity/activity.module.css';
import { Button } from '@/components/Button.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { TextField } from '@/components/TextField.tsx';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import { amountFigure } from '@/lib/wallet.ts';
import styles from './details.module.css';
import { priceText, type SignUpFlow } from './useSignUpFlow.ts';

/**
 * The confirmation sheet (activity, ticket, price, what will happen, the refund rule for a paid ticket, the
 * questions to answer), then for a paid ticket the transaction password.
 */
export function SignUpSheet({ activity, flow }: { activity: Activity; flow: SignUpFlow }) {
  const { t } = useTranslation();
  const { ticket } = flow;
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
            </dl>
            <p className={styles.notice} data-testid="signup-confirm-outcome" data-outcome={flow.outcome}>
              {t(`activity.outcome.${flow.outcome}${ticket.free ? 'Free' : 'Paid'}`)}
            </p>
            {!ticket.free && <p className={ui.muted}>{t('activity.refundRule')}</p>}
            {activity.questions.map((question) => (
              <TextField
                key={question.id}
                id={`question-${question.id}`}
                testId={`signup-question-${question.id}`}
                label={`${question.label}${question.required ? ' *' : ''}`}
                value={flow.answers[question.id] ?? ''}
                onChange={(value) => flow.answer(question.id, value)}
                maxLength={500}
                error={flow.answerErrors[question.id]}
              />
            ))}
            <div className={ui.actions}>
              <Button onClick={flow.closeSheet} data-testid="signup-confirm-cancel">
                {t('common.cancel')}
              </Button>
              <Button
                variant="primary"
                loading={flow.pending}
                disabled={flow.pending}
                onClick={flow.confirm}
                data-testid="signup-confirm-ok"
              >
                {ticket.free ? t('common.confirm') : t('activity.pay')}
              </Button>
            </div>
          </div>
        )}
      </Sheet>
      <TradePasswordPrompt
        visible={flow.paying}
        title={t('activity.payTitle')}
        summary={
          ticket
            ? t('activity.paySummary', {
                amount: amountFigure(ticket.price, ticket.asset ?? ''),
                asset: ticket.asset ?? '',
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
