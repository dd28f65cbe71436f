import type { SecondFactorPath } from '@polaris/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTotpStatus } from '@/api/security.ts';
import { cleanTotpInput, isTotpChallenge, secondFactorAsked, secondFactorValue } from '@/lib/security.ts';
import { TextField } from './TextField.tsx';
import ui from './ui.module.css';

export interface SecondFactor {
  /** The field is shown (the operation asks for it and the account has it on, or the form is signed out). */
  asked: boolean;
  /**
   * The server asked for the code on a submit that did not show the field (issue 23): the field says why and
   * takes the focus, instead of appearing without a word.
   */
  explain: boolean;
  signedOut: boolean;
  code: string;
  error?: string;
  setCode(value: string): void;
  setError(message: string | undefined): void;
  /** Checks the typed code before sending: `{ totp }` to spread into the request, or `null` (the error is shown). */
  take(): { totp?: string } | null;
  /** A failed request: true when it was the authenticator's 468 (its message is shown under the field). */
  handle(error: unknown): boolean;
  reset(): void;
}

/**
 * The one second-factor state every form of the contract's SECOND_FACTOR_OPERATIONS uses (docs/security-centre.md):
 * whether to show the code field up front, what to send, and the server's 468.
 */
export function useSecondFactor(operation: SecondFactorPath, options: { signedOut?: boolean } = {}): SecondFactor {
  const { t } = useTranslation();
  const signedOut = options.signedOut ?? false;
  const status = useTotpStatus();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [challenged, setChallenged] = useState(false);
  const asked = secondFactorAsked({ operation, signedOut, enabled: status.data?.enabled, challenged });
  const askedUpFront = secondFactorAsked({ operation, signedOut, enabled: status.data?.enabled, challenged: false });
  return {
    asked,
    explain: challenged && !askedUpFront,
    signedOut,
    code,
    error,
    setCode: (value) => {
      setCode(cleanTotpInput(value));
      setError(undefined);
    },
    setError,
    take() {
      const { value, problem } = secondFactorValue(code, { asked, signedOut });
      if (problem) {
        setError(t('contract:security.totpFormat'));
        return null;
      }
      setError(undefined);
      return value === undefined ? {} : { totp: value };
    },
    handle(failure) {
      if (!isTotpChallenge(failure)) return false;
      setChallenged(true);
      // The first 468 of a form that did not know (the state changed) only shows the field.
      if (asked) setError((failure as Error).message);
      return true;
    },
    reset() {
      setCode('');
      setError(undefined);
    },
  };
}

/** The code field with its one-line reason, shown only when the form's operation asks for it. */
export function SecondFactorField({ factor, id }: { factor: SecondFactor; id: string }) {
  const { t } = useTranslation();
  const { asked, explain } = factor;
  useEffect(() => {
    if (asked && explain) document.getElementById(id)?.focus();
  }, [asked, explain, id]);
  if (!asked) return null;
  return (
    <div data-testid={`${id}-second-factor`}>
      {explain ? (
        <p
          className={ui.hint}
          id={`${id}-reason`}
          role="alert"
          data-testid={`${id}-needed`}
          style={{ margin: '0 0 8px' }}
        >
          {t('secondFactor.needed')}
        </p>
      ) : (
        <p className={ui.hint} id={`${id}-reason`} style={{ margin: '0 0 8px' }}>
          {t(factor.signedOut ? 'secondFactor.reasonSignedOut' : 'secondFactor.reason')}
        </p>
      )}
      <TotpInput
        id={id}
        label={t('secondFactor.label')}
        placeholder={t('secondFactor.placeholder')}
        value={factor.code}
        onChange={factor.setCode}
        error={factor.error}
      />
    </div>
  );
}

/**
 * The one input for an authenticator code (six digits, or a recovery code): what it accepts as it is typed, its
 * length and the one-time-code autofill. The second-factor field and the authenticator's own page use it.
 */
export function TotpInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <TextField
      id={id}
      testId={id}
      label={label}
      inputMode="text"
      autoComplete="one-time-code"
      placeholder={placeholder}
      maxLength={11}
      value={value}
      onChange={(typed) => onChange(cleanTotpInput(typed))}
      error={error}
    />
  );
}
