import { TOAST_DURATION_MS, VCODE_RESEND_SECONDS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBindPhone, useSendPhoneCode } from '@/api/identity.ts';
import { SubmitButton } from '@/components/auth/fields.tsx';
import sendStyles from '@/components/auth/SendCodeButton.module.css';
import { useCountdown } from '@/components/auth/SendCodeButton.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import type { FieldErrors } from '@/lib/auth-forms.ts';

/** Calling codes offered first: SPEC §3's locales, then the region's other usual ones. */
const AREA_CODES = ['886', '852', '86', '853', '1', '65', '60', '81', '82', '84', '63', '44', '61', '7'];

/**
 * Bind (or change) the phone: area code and number, a code texted to it, then the code. The server checks the
 * number against its area's numbering plan and that no other account holds it (docs/identity-and-phone.md).
 */
export function PhoneSheet({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [areaCode, setAreaCode] = useState('886');
  const [phone, setPhone] = useState('');
  const [vcode, setVcode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useSendPhoneCode();
  const bind = useBindPhone();
  const secondFactor = useSecondFactor('/user/binding/phone');
  const { remaining, start } = useCountdown();

  const sendCode = () => {
    if (phone === '') {
      setErrors({ phone: t('contract:validation.required', { field: t('contract:fields.phone') }) });
      return;
    }
    setErrors({});
    send.mutate(
      { areaCode, phone },
      {
        onSuccess: ({ resendIn }) => {
          start(resendIn > 0 ? resendIn : VCODE_RESEND_SECONDS);
          Toast.show({ content: t('identity.phone.sent'), duration: TOAST_DURATION_MS });
        },
        onError: (error) => {
          const wait = isApiError(error, 'quiet')
            ? (error.attachment as { resendIn?: unknown } | null)?.resendIn
            : null;
          if (typeof wait === 'number' && wait > 0) start(wait);
          reportFormError(error, ['phone', 'areaCode'], setErrors);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (bind.isPending) return;
    const code = secondFactor.take();
    if (!/^\d{6}$/.test(vcode)) {
      setErrors({ vcode: t('contract:validation.vcodeFormat') });
      return;
    }
    if (!code) return;
    bind.mutate(
      { areaCode, phone, vcode, ...code },
      {
        onSuccess: () => {
          Toast.show({ content: t('identity.phone.bound'), duration: TOAST_DURATION_MS });
          setVcode('');
          secondFactor.reset();
          onClose();
        },
        onError: (error) => {
          if (!secondFactor.handle(error)) reportFormError(error, ['phone', 'areaCode', 'vcode'], setErrors);
        },
      },
    );
  };

  return (
    <Sheet labelledBy="phone-sheet-title" visible={visible} onClose={onClose}>
      <div className={ui.sheet} data-testid="phone-sheet">
        <h2 className={ui.sheetTitle} id="phone-sheet-title">
          {t('identity.phone.title')}
        </h2>
        <form className={ui.form} noValidate onSubmit={submit}>
          <label className={ui.hint} htmlFor="phone-area">
            {t('contract:fields.areaCode')}
          </label>
          <select
            id="phone-area"
            className={ui.select}
            value={areaCode}
            onChange={(event) => setAreaCode(event.target.value)}
            data-testid="phone-area"
          >
            {AREA_CODES.map((code) => (
              <option key={code} value={code}>
                +{code}
              </option>
            ))}
          </select>
          <TextField
            id="phone-number"
            testId="phone-number"
            label={t('contract:fields.phone')}
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            value={phone}
            error={errors.phone ?? errors.areaCode}
            onChange={(value) => {
              setPhone(value.replace(/[^\d\s-]/g, ''));
              setErrors({});
            }}
          />
          <TextField
            id="phone-code"
            testId="phone-code"
            label={t('contract:fields.vcode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('auth.vcodePlaceholder')}
            maxLength={6}
            value={vcode}
            error={errors.vcode}
            onChange={(value) => {
              setVcode(value.replace(/\D/g, ''));
              setErrors({});
            }}
            suffix={
              <button
                type="button"
                className={sendStyles.button}
                onClick={sendCode}
                disabled={remaining > 0 || send.isPending}
                aria-live="polite"
                data-testid="phone-send-code"
              >
                {remaining > 0
                  ? t('code.resend', { seconds: remaining })
                  : send.isPending
                    ? t('app.loading')
                    : t('code.send')}
              </button>
            }
          />
          <SecondFactorField factor={secondFactor} id="phone-totp" />
          <SubmitButton testId="phone-submit" pending={bind.isPending}>
            {t('identity.phone.submit')}
          </SubmitButton>
        </form>
      </div>
    </Sheet>
  );
}
