import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { CaptchaWidget } from '@/components/captcha/CaptchaWidget.tsx';
import { type Captcha, useCaptcha } from '@/components/captcha/useCaptcha.ts';
import { TextField } from '@/components/TextField.tsx';
import type { BoundField } from '@/components/useForm.ts';
import { type OwnCodePurpose, SendCodeButton } from './SendCodeButton.tsx';

/* The fields the sign-in, sign-up, password and transaction-password forms share. Each takes one id, which is also
   its test id (`<id>-error` under it), and a field of its form (`form.field('email')`). */

export function EmailField({ id, ...field }: BoundField & { id: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      testId={id}
      label={t('contract:fields.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder={t('auth.emailPlaceholder')}
      {...field}
    />
  );
}

export function PasswordField({
  id,
  label,
  autoComplete,
  placeholder,
  maxLength = 64,
  ...field
}: BoundField & {
  id: string;
  /** A password the user has (sign-in) or is choosing (sign-up, reset, a new transaction password). */
  autoComplete: 'current-password' | 'new-password';
  label?: string;
  placeholder?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      testId={id}
      label={label ?? t('contract:fields.password')}
      type="password"
      autoComplete={autoComplete}
      placeholder={placeholder ?? t('auth.passwordPlaceholder')}
      maxLength={maxLength}
      {...field}
    />
  );
}

/** The password typed again (SPEC §5). */
export function ConfirmPasswordField({ id, maxLength, ...field }: BoundField & { id: string; maxLength?: number }) {
  const { t } = useTranslation();
  return (
    <PasswordField
      id={id}
      label={t('contract:fields.confirmPassword')}
      autoComplete="new-password"
      placeholder={t('auth.confirmPlaceholder')}
      maxLength={maxLength}
      {...field}
    />
  );
}

/** Codes sent to an address the user types (not the signed-in account's own) need the captcha. */
const PUBLIC_PURPOSES: readonly string[] = ['signup', 'login', 'reset'];

/**
 * The 6-digit email code, digits only, with the button that sends it to `email` and counts down. What the button
 * finds wrong with the address (empty, invalid, not registered) goes to `onEmailError`. For codes to a typed
 * address the captcha widget sits under the field (`<id>-captcha`); a form that needs one more captcha (sign-up)
 * passes its own `captcha`.
 */
export function CodeField({
  id,
  email,
  purpose,
  sendTestId,
  onEmailError,
  onChange,
  captcha,
  ...field
}: BoundField & {
  id: string;
  email: string;
  purpose: OwnCodePurpose;
  sendTestId: string;
  onEmailError(message: string | undefined): void;
  captcha?: Captcha;
}) {
  const { t } = useTranslation();
  const own = useCaptcha();
  const formCaptcha = PUBLIC_PURPOSES.includes(purpose) ? (captcha ?? own) : undefined;
  const input = (
    <TextField
      id={id}
      testId={id}
      label={t('contract:fields.vcode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t('auth.vcodePlaceholder')}
      maxLength={6}
      onChange={(typed) => onChange(typed.replace(/\D/g, ''))}
      suffix={
        <SendCodeButton
          email={email}
          purpose={purpose}
          testId={sendTestId}
          onErrors={(found) => onEmailError(found.email)}
          captcha={formCaptcha}
        />
      }
      {...field}
    />
  );
  if (!formCaptcha) return input;
  return (
    <>
      {input}
      <CaptchaWidget captcha={formCaptcha} testId={`${id}-captcha`} />
    </>
  );
}

/** The form's one main button; while `pending` it spins and cannot be pressed twice. */
export function SubmitButton({
  testId,
  pending,
  children,
}: {
  testId: string;
  pending?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="primary"
      type="submit"
      size="large"
      block
      loading={pending}
      disabled={pending}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
