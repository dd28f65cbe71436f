import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSignup } from '@/api/auth.ts';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout, authStyles } from '@/components/auth/AuthLayout.tsx';
import { CodeField, ConfirmPasswordField, EmailField, PasswordField, SubmitButton } from '@/components/auth/fields.tsx';
import { useFinishLogin } from '@/components/auth/useAuthNavigation.ts';
import { useCaptcha } from '@/components/captcha/useCaptcha.ts';
import { TextField } from '@/components/TextField.tsx';
import { useForm } from '@/components/useForm.ts';
import { RegisterForm } from '@/lib/auth-forms.ts';
import styles from './register.module.css';

const FIELDS = ['email', 'vcode', 'password', 'confirmPassword', 'inviteCode'];

/**
 * What the user typed survives a visit to the agreement page and back. Kept in memory only, and never
 * the passwords.
 */
const draft = { email: '', vcode: '', inviteCode: '', agreed: false };

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // An invite link (`?inviteCode=`) fills the code in; what does not look like a code is left out.
  const linked = params.get('inviteCode') ?? '';
  const form = useForm({
    email: draft.email,
    vcode: draft.vcode,
    inviteCode: /^[A-Za-z0-9]{1,16}$/.test(linked) ? linked.toUpperCase() : draft.inviteCode,
    password: '',
    confirmPassword: '',
  });
  const { email, vcode, inviteCode } = form.values;
  const [agreed, setAgreed] = useState(draft.agreed);
  const signup = useSignup();
  const finish = useFinishLogin();
  // One captcha for the form: sending the code uses one solution, signing up the next (docs/captcha.md).
  const captcha = useCaptcha();

  useEffect(() => {
    Object.assign(draft, { email, vcode, inviteCode, agreed });
  }, [email, vcode, inviteCode, agreed]);

  const [solving, setSolving] = useState(false);
  const submit = async () => {
    const data = form.accept(form.validateWithConfirm(RegisterForm), {
      agreement: agreed ? undefined : t('register.agreeRequired'),
    });
    if (!data) return;
    setSolving(true);
    const solved = await captcha.take();
    setSolving(false);
    signup.mutate(
      { ...data, captcha: solved },
      {
        onSuccess: (loggedIn) => {
          Object.assign(draft, { email: '', vcode: '', inviteCode: '', agreed: false });
          if (loggedIn) finish(t('register.success'));
        },
        onError: form.reportTo(FIELDS),
      },
    );
  };
  const { errors } = form;

  return (
    <AuthLayout
      title={t('register.title')}
      heading={t('register.heading')}
      onSubmit={() => void submit()}
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
      <EmailField id="register-email" {...form.field('email')} />
      <CodeField
        id="register-code"
        email={email}
        purpose="signup"
        sendTestId="register-send-code"
        captcha={captcha}
        onEmailError={(message) => form.setError('email', message)}
        {...form.field('vcode')}
      />
      <PasswordField id="register-password" autoComplete="new-password" {...form.field('password')} />
      <ConfirmPasswordField id="register-confirm" {...form.field('confirmPassword')} />
      <TextField
        id="register-invite"
        testId="register-invite"
        label={t('common.optionalField', { label: t('contract:fields.inviteCode') })}
        autoComplete="off"
        placeholder={t('auth.invitePlaceholder')}
        maxLength={16}
        {...form.field('inviteCode')}
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
      <SubmitButton testId="register-submit" pending={signup.isPending || solving}>
        {t('register.submit')}
      </SubmitButton>
    </AuthLayout>
  );
}
