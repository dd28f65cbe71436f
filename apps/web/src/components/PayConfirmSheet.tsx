import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import type { SecondFactor } from '@/components/SecondFactorField.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import ui from '@/components/ui.module.css';

/** The steps of a form whose submit moves money: filling it in, reading it back, then the transaction password. */
interface PayFlow {
  step: 'form' | 'confirm' | 'password';
  setStep(step: 'form' | 'confirm' | 'password'): void;
  pending: boolean;
  tradeError?: string;
  clearTradeError(): void;
}

interface ConfirmRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

interface PayConfirmSheetProps {
  flow: PayFlow;
  title: string;
  /** What will happen, one row a fact; rows that do not apply are left out by the caller (`false`). */
  rows: (ConfirmRow | false | null | undefined)[];
  hint: ReactNode;
  /** One sentence above the password: what the password approves. */
  promptSummary: string;
  onPay(password: string, totp?: string): void;
  /** Present when the server asked for the authenticator code too (status 468). */
  secondFactor?: SecondFactor;
  testId: string;
  cancelTestId: string;
  okTestId: string;
  okVariant?: 'primary' | 'danger';
}

/**
 * Money never moves on the first tap (SPEC: confirmation first): the sheet reads the terms back, and only its
 * confirm opens the transaction password. Closing either step returns to the form with nothing lost.
 */
export function PayConfirmSheet(props: PayConfirmSheetProps) {
  const { t } = useTranslation();
  const { flow } = props;
  const back = () => flow.setStep('form');
  return (
    <>
      <Sheet visible={flow.step === 'confirm'} onClose={back}>
        <div className={ui.sheet} data-testid={props.testId}>
          <h2 className={ui.sheetTitle}>{props.title}</h2>
          <dl className={ui.kvList}>
            {props.rows.map(
              (row) =>
                row && (
                  <div className={ui.kv} key={row.label}>
                    <dt>{row.label}</dt>
                    <dd data-testid={row.testId}>{row.value}</dd>
                  </div>
                ),
            )}
          </dl>
          <p className={ui.hint}>{props.hint}</p>
          <div className={ui.actions}>
            <Button onClick={back} data-testid={props.cancelTestId}>
              {t('common.cancel')}
            </Button>
            <Button
              variant={props.okVariant ?? 'primary'}
              onClick={() => flow.setStep('password')}
              data-testid={props.okTestId}
            >
              {t('common.confirm')}
            </Button>
          </div>
        </div>
      </Sheet>

      <TradePasswordPrompt
        visible={flow.step === 'password'}
        title={t('tradePassword.enterTitle')}
        summary={props.promptSummary}
        pending={flow.pending}
        error={flow.tradeError}
        secondFactor={props.secondFactor}
        onClose={() => {
          if (!flow.pending) back();
          flow.clearTradeError();
        }}
        onSubmit={props.onPay}
      />
    </>
  );
}
