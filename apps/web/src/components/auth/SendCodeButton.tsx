import { type CodePurpose, SendCodeInput, TOAST_DURATION_MS, VCODE_RESEND_SECONDS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCode } from '@/api/auth.ts';
import { useSendAntiPhishingCode, useSendDeletionCode, useSendPasswordCode } from '@/api/security.ts';
import { useSendTradeCode } from '@/api/wallet.ts';
import type { Captcha } from '@/components/captcha/useCaptcha.ts';
import { reportFormError } from '@/components/form-errors.ts';
import { isApiError } from '@/lib/api-error.ts';
import { type FieldErrors, validate } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './SendCodeButton.module.css';

export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt, now]);
  return {
    remaining: Math.max(0, Math.ceil((endsAt - now) / 1000)),
    start: (seconds: number) => {
      setNow(Date.now());
      setEndsAt(Date.now() + seconds * 1000);
    },
  };
}

/** Codes to a typed address (sign-up, login, reset) and codes to the signed-in account's own address. */
export type OwnCodePurpose = CodePurpose | 'trade' | 'password' | 'delete' | 'antiPhishing';

interface SendCodeButtonProps {
  /**
   * For 'trade', 'password', 'delete' and 'antiPhishing' the code goes to the logged-in account's own address
   * (`/user/trade/vcode`, `/user/password/vcode`, `/user/deleteAccount/vcode`, `/user/antiPhishing/vcode`).
   */
  email: string;
  purpose: OwnCodePurpose;
  testId: string;
  /** Email problems (empty, invalid, registered / not registered) are shown under the email field. */
  onErrors(errors: FieldErrors): void;
  /** The form's captcha: codes to any address need one (docs/captcha.md). */
  captcha?: Captcha;
}

/** Sends an email code and counts down (in seconds) until another may be requested (SPEC §5). */
export function SendCodeButton({ email, purpose, testId, onErrors, captcha }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const sendEmailCode = useSendCode();
  const sendTradeCode = useSendTradeCode();
  const sendPasswordCode = useSendPasswordCode();
  const sendDeletionCode = useSendDeletionCode();
  const sendAntiPhishingCode = useSendAntiPhishingCode();
  const own =
    purpose === 'trade'
      ? sendTradeCode
      : purpose === 'password'
        ? sendPasswordCode
        : purpose === 'delete'
          ? sendDeletionCode
          : purpose === 'antiPhishing'
            ? sendAntiPhishingCode
            : null;
  const send = own ?? sendEmailCode;
  const { remaining, start } = useCountdown();
  const [solving, setSolving] = useState(false);

  const onClick = async () => {
    const handlers = {
      onSuccess: ({ resendIn }: { resendIn: number }) => {
        start(resendIn > 0 ? resendIn : VCODE_RESEND_SECONDS);
        Toast.show({ content: t('code.sent', { email }), duration: TOAST_DURATION_MS });
      },
      onError: (error: unknown) => {
        // "Too frequent" still tells us how long to wait: keep the button honest about it.
        const wait = isApiError(error, 'quiet') ? (error.attachment as { resendIn?: unknown } | null)?.resendIn : null;
        if (typeof wait === 'number' && wait > 0) start(wait);
        reportFormError(error, ['email'], onErrors);
      },
    };
    if (own) {
      own.mutate(undefined, handlers);
      return;
    }
    const checked = validate(SendCodeInput, { email, purpose }, language);
    if (!checked.ok) {
      onErrors(checked.errors);
      return;
    }
    onErrors({});
    setSolving(true);
    const solved = await captcha?.take();
    setSolving(false);
    sendEmailCode.mutate({ ...checked.data, captcha: solved }, handlers);
  };

  const counting = remaining > 0;
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => void onClick()}
      disabled={counting || send.isPending || solving}
      aria-live="polite"
      data-testid={testId}
    >
      {counting
        ? t('code.resend', { seconds: remaining })
        : send.isPending || solving
          ? t('app.loading')
          : t('code.send')}
    </button>
  );
}
