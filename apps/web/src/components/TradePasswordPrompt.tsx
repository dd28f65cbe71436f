import { LockOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTradePasswordStatus } from '@/api/wallet.ts';
import { Button } from '@/components/Button.tsx';
import { TRADE_PASSWORD_MAX, TRADE_PASSWORD_MIN } from '@/lib/wallet.ts';
import { Loading } from './QueryState.tsx';
import { type SecondFactor, SecondFactorField } from './SecondFactorField.tsx';
import { Sheet } from './Sheet.tsx';
import { TextField } from './TextField.tsx';
import styles from './ui.module.css';
import { TradePasswordSetForm } from './wallet/TradePasswordSetForm.tsx';

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

/**
 * Asks for the transaction password before money or payment details change; the password never leaves unhashed.
 * Every money flow asks through here, so every one checks first (issue 23): the account's status
 * (`/user/isFdPwdBlank`, loaded with the page) says whether a password is set, and when none is, the sheet offers
 * to set it instead of showing a field that can only fail. Setting it happens in a sheet over this one, and the
 * flow goes on where it was, nothing typed lost; a 414 from the server (set elsewhere, or removed) brings the same
 * offer (`tradePasswordMissing`).
 */
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
  const status = useTradePasswordStatus();
  const [password, setPassword] = useState('');
  const [local, setLocal] = useState<string>();
  const [setting, setSetting] = useState(false);
  const [justSet, setJustSet] = useState(false);
  useEffect(() => {
    if (!visible) {
      setPassword('');
      setLocal(undefined);
      setSetting(false);
      setJustSet(false);
    }
  }, [visible]);
  const blank = status.data?.blank === true;

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

  const passwordForm = (
    <form className={styles.sheet} onSubmit={submit} noValidate data-testid="trade-prompt">
      <h2 className={styles.sheetTitle}>{title}</h2>
      {summary && <p className={styles.hint}>{summary}</p>}
      {justSet && (
        <p className={styles.hint} role="status" data-testid="trade-prompt-ready">
          {t('tradePassword.readyToPay')}
        </p>
      )}
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
        <Button onClick={onClose} disabled={pending} data-testid="trade-prompt-cancel">
          {t('common.cancel')}
        </Button>
        <Button variant="primary" type="submit" loading={pending} disabled={pending} data-testid="trade-prompt-submit">
          {t('common.confirm')}
        </Button>
      </div>
    </form>
  );

  const offer = (
    <div className={styles.sheet} data-testid="trade-offer">
      <h2 className={styles.sheetTitle} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <LockOutline aria-hidden />
        {t('tradePassword.notSetTitle')}
      </h2>
      {summary && <p className={styles.hint}>{summary}</p>}
      <p style={{ margin: '12px 0 0' }} data-testid="trade-offer-body">
        {t('tradePassword.offer')}
      </p>
      <div className={styles.actions}>
        <Button onClick={onClose} data-testid="trade-offer-cancel">
          {t('common.cancel')}
        </Button>
        <Button variant="primary" onClick={() => setSetting(true)} data-testid="trade-offer-set" data-autofocus>
          {t('tradePassword.goSet')}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Sheet visible={visible} onClose={onClose} blocking={pending} destroyOnClose>
        {status.isPending ? (
          <div className={styles.sheet}>
            <h2 className={styles.sheetTitle}>{title}</h2>
            <Loading testId="trade-prompt-loading" />
          </div>
        ) : blank ? (
          offer
        ) : (
          passwordForm
        )}
      </Sheet>
      <Sheet
        visible={visible && setting}
        onClose={() => setSetting(false)}
        bodyStyle={{ maxHeight: '90vh', overflowY: 'auto' }}
        destroyOnClose
      >
        <div className={styles.sheet} data-testid="trade-set-sheet">
          <h2 className={styles.sheetTitle}>{t('tradePassword.setTitle')}</h2>
          <p className={styles.hint} style={{ marginBottom: 12 }}>
            {t('tradePassword.setThenBack')}
          </p>
          <TradePasswordSetForm
            blank
            onDone={() => {
              setSetting(false);
              setJustSet(true);
            }}
          />
          <Button
            variant="text"
            block
            style={{ marginTop: 8 }}
            onClick={() => setSetting(false)}
            data-testid="trade-set-cancel"
          >
            {t('common.cancel')}
          </Button>
        </div>
      </Sheet>
    </>
  );
}
