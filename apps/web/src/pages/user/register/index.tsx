import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSignup } from '@/api/auth.ts';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout, authStyles } from '@/components/AuthLayout.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { SendCodeButton } from '@/components/SendCodeButton.tsx';
import { TextField } from '@/components/TextField.tsx';
import { useFinishLogin } from '@/components/useAuthNavigation.ts';
import { type FieldErrors, RegisterForm, validateWithConfirm } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './register.module.css';

const FIELDS = ['email', 'vcode', 'password', 'confirmPassword', 'inviteCode'];

/**
 * What the user typed survives a visit to the agreement page and back. Kept in memory only, and never
 * the passwords.
 */
const draft = { email: '', vcode: '', inviteCode: '', agreed: false };

export default function RegisterPage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const navigate = useNavigate();
  const [form, setForm] = useState({ ...draft, password: '', confirmPassword: '' });
  const [agreed, setAgreed] = useState(draft.agreed);
  const [errors, setErrors] = useState<FieldErrors>({});
  const signup = useSignup();
  const finish = useFinishLogin();
  const set = (field: 'email' | 'vcode' | 'password' | 'confirmPassword' | 'inviteCode') => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  useEffect(() => {
    Object.assign(draft, { email: form.email, vcode: form.vcode, inviteCode: form.inviteCode, agreed });
  }, [form.email, form.vcode, form.inviteCode, agreed]);

  const submit = () => {
    const checked = validateWithConfirm(RegisterForm, form, language);
    const agreement = agreed ? undefined : t('register.agreeRequired');
    if (!checked.ok || agreement) {
      setErrors({ ...(checked.ok ? {} : checked.errors), agreement });
      return;
    }
    setErrors({});
    signup.mutate(checked.data, {
      onSuccess: (loggedIn) => {
        Object.assign(draft, { email: '', vcode: '', inviteCode: '', agreed: false });
        if (loggedIn) finish(t('register.success'));
      },
      onError: (error) => reportFormError(error, FIELDS, setErrors),
    });
  };

  return (
    <AuthLayout
      title={t('register.title')}
      heading={t('register.heading')}
      onSubmit={submit}
      footer={
        <span className={authStyles.muted}>
          {t('register.haveAccount')}{' '}
          <button
            type="button"
            className={authStyles.link}
            onClick={() => navigate(PATHS.login)}
            data-testid="register-to-login"
          >
            {t('register.login')}
          </button>
        </span>
      }
    >
      <TextField
        id="register-email"
        testId="register-email"
        label={t('contract:fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        id="register-code"
        testId="register-code"
        label={t('contract:fields.vcode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('auth.vcodePlaceholder')}
        maxLength={6}
        value={form.vcode}
        onChange={(value) => set('vcode')(value.replace(/\D/g, ''))}
        error={errors.vcode}
        suffix={
          <SendCodeButton
            email={form.email}
            purpose="signup"
            testId="register-send-code"
            onErrors={(found) => setErrors((current) => ({ ...current, email: found.email }))}
          />
        }
      />
      <TextField
        id="register-password"
        testId="register-password"
        label={t('contract:fields.password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('auth.passwordPlaceholder')}
        maxLength={64}
        value={form.password}
        onChange={set('password')}
        error={errors.password}
      />
      <TextField
        id="register-confirm"
        testId="register-confirm"
        label={t('contract:fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        placeholder={t('auth.confirmPlaceholder')}
        maxLength={64}
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <TextField
        id="register-invite"
        testId="register-invite"
        label={t('common.optionalField', { label: t('contract:fields.inviteCode') })}
        autoComplete="off"
        placeholder={t('auth.invitePlaceholder')}
        maxLength={16}
        value={form.inviteCode}
        onChange={set('inviteCode')}
        error={errors.inviteCode}
      />
      <div className={styles.agree}>
        <input
          id="register-agree"
          type="checkbox"
          className={styles.checkbox}
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          aria-invalid={errors.agreement ? true : undefined}
          aria-describedby={errors.agreement ? 'register-agree-error' : undefined}
          data-testid="register-agree"
        />
        <span>
          <label htmlFor="register-agree">{t('register.agreePrefix')}</label>{' '}
          <Link className={styles.link} to={PATHS.agreement} data-testid="register-agreement-link">
            {t('register.agreement')}
          </Link>
        </span>
      </div>
      {errors.agreement && (
        <p id="register-agree-error" className={styles.error} role="alert" data-testid="register-agree-error">
          {errors.agreement}
        </p>
      )}
      <Button
        type="submit"
        color="primary"
        size="large"
        block
        shape="rounded"
        loading={signup.isPending}
        disabled={signup.isPending}
        data-testid="register-submit"
      >
        {t('register.submit')}
      </Button>
    </AuthLayout>
  );
}
