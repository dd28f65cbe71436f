import { Button } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '@/components/Sheet.tsx';
import { TRADE_PASSWORD_MAX, TRADE_PASSWORD_MIN } from '@/lib/wallet.ts';
import { type SecondFactor, SecondFactorField } from './SecondFactorField.tsx';
import { TextField } from './TextField.tsx';
import styles from './ui.module.css';

interface TradePasswordPromptProps {
  visible: boolean;
  title: string;
  /** What is about to happen, in one line (e.g. "Send 10 USDT to 10000002"). */
  summary?: string;
  pending: boolean;
  /** A wrong or locked password, from the server, shown under the field. */
  error?: string;
  /**
   * The operation is in the second-factor table (transfer, payment method, creator withdrawal): its code field,
   * shown up front when Google Authenticator is on (the owner keeps the state: useSecondFactor).
   */
  secondFactor?: SecondFactor;
  onClose(): void;
  onSubmit(password: string, totp?: string): void;
}

/** Asks for the transaction password before money or payment details change. The password never leaves unhashed. */
export function TradePasswordPrompt({
  visible,
  title,
  summary,
  pending,
  error,
  secondFactor,
  onClose,
  onSubmit,
}: TradePasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [local, setLocal] = useState<string>();
  useEffect(() => {
    if (!visible) {
      setPassword('');
      setLocal(undefined);
    }
  }, [visible]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (password === '') return setLocal(t('contract:trade.empty'));
    if (password.length < TRADE_PASSWORD_MIN) {
      return setLocal(t('tradePassword.tooShort', { min: TRADE_PASSWORD_MIN }));
    }
    setLocal(undefined);
    const code = secondFactor ? secondFactor.take() : {};
    if (!code) return;
    onSubmit(password, code.totp);
  };

  return (
    <Sheet visible={visible} onClose={onClose} blocking={pending} destroyOnClose>
      <form className={styles.sheet} onSubmit={submit} noValidate data-testid="trade-prompt">
        <h2 className={styles.sheetTitle}>{title}</h2>
        {summary && <p className={styles.hint}>{summary}</p>}
        <div className={styles.form} style={{ marginTop: 12 }}>
          <TextField
            id="trade-prompt-password"
            testId="trade-prompt-password"
            label={t('contract:fields.tradePassword')}
            type="password"
            autoComplete="off"
            placeholder={t('tradePassword.enter')}
            maxLength={TRADE_PASSWORD_MAX}
            value={password}
            onChange={setPassword}
            error={local ?? error}
          />
          {secondFactor && <SecondFactorField factor={secondFactor} id="trade-prompt-totp" />}
        </div>
        <div className={styles.actions}>
          <Button shape="rounded" onClick={onClose} disabled={pending} data-testid="trade-prompt-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color="primary"
            shape="rounded"
            loading={pending}
            disabled={pending}
            data-testid="trade-prompt-submit"
          >
            {t('common.confirm')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
