import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { type SecondFactor, SecondFactorField } from '@/components/SecondFactorField.tsx';
import { type Form, useForm } from '@/components/useForm.ts';
import { CodeLoginForm, LoginForm } from '@/lib/auth-forms.ts';
import { CodeField, PasswordField, SubmitButton } from './fields.tsx';

/**
 * "Prove it is you" for linking and unlinking a Google or Apple sign-in (docs/sign-in-with-providers.md): the
 * account's password, or a login code mailed to it, for accounts whose owner never knew a password.
 */

const PasswordProof = LoginForm.pick({ password: true });
const CodeProof = CodeLoginForm.pick({ vcode: true });

export type Proof = { password: string } | { vcode: string };

export function useProofForm() {
  const [kind, setKind] = useState<'password' | 'vcode'>('password');
  const form = useForm({ password: '', vcode: '' });
  return {
    kind,
    form,
    /** The proof to send, or undefined with the problem shown under its field. */
    checked(): Proof | undefined {
      return kind === 'password'
        ? form.accept(form.validate(PasswordProof, { password: form.values.password }))
        : form.accept(form.validate(CodeProof, { vcode: form.values.vcode }));
    },
    toggle() {
      form.reset();
      setKind(kind === 'password' ? 'vcode' : 'password');
    },
  };
}

/**
 * The proof's field, the authenticator code (linking and unlinking are in the second-factor table), the submit
 * button and the switch between password and code; test ids `<idPrefix>-…`.
 */
export function ProofFields({
  proof,
  idPrefix,
  email,
  submitLabel,
  pending,
  secondFactor,
}: {
  proof: { kind: 'password' | 'vcode'; form: Form<{ password: string; vcode: string }>; toggle(): void };
  idPrefix: string;
  email: string;
  submitLabel: string;
  pending: boolean;
  secondFactor: SecondFactor;
}) {
  const { t } = useTranslation();
  const { form } = proof;
  return (
    <>
      {proof.kind === 'password' ? (
        <PasswordField id={`${idPrefix}-password`} autoComplete="current-password" {...form.field('password')} />
      ) : (
        <CodeField
          id={`${idPrefix}-code`}
          email={email}
          purpose="login"
          sendTestId={`${idPrefix}-send`}
          onEmailError={(message) => form.setError('vcode', message)}
          {...form.field('vcode')}
        />
      )}
      <SecondFactorField factor={secondFactor} id={`${idPrefix}-totp`} />
      <SubmitButton testId={`${idPrefix}-submit`} pending={pending}>
        {submitLabel}
      </SubmitButton>
      <Button variant="text" type="button" block onClick={proof.toggle} data-testid={`${idPrefix}-switch`}>
        {t(proof.kind === 'password' ? 'signin.useCode' : 'signin.usePassword')}
      </Button>
    </>
  );
}
