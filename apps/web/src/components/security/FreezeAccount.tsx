import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFreezeAccount } from '@/api/money-gates.ts';
import { PATHS } from '@/app/paths.ts';
import { PasswordField } from '@/components/auth/fields.tsx';
import { Button } from '@/components/Button.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';

/**
 * "Freeze my account" (docs/security-centre.md): a sheet that says what it does and asks for the login password;
 * once frozen, every login ends (this one too) and the app says to contact support.
 */
export function FreezeAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const freeze = useFreezeAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [frozen, setFrozen] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError(t('contract:validation.required', { field: t('moneyGates.freeze.password') }));
    freeze.mutate(password, {
      onSuccess: () => setFrozen(true),
      onError: (failure) => setError(isApiError(failure) ? (failure.fields[0]?.message ?? failure.message) : undefined),
    });
  };

  if (frozen) {
    return (
      <div className={ui.card} role="status" data-testid="freeze-done">
        <p>{t('moneyGates.freeze.done')}</p>
        <Button variant="primary" block onClick={() => navigate(PATHS.login)}>
          {t('common.confirm')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button block variant="danger" onClick={() => setOpen(true)} data-testid="freeze-open">
        {t('moneyGates.freeze.row')}
      </Button>
      <Sheet visible={open} onClose={() => setOpen(false)} blocking={freeze.isPending} testId="freeze-sheet">
        <form className={ui.form} noValidate onSubmit={submit}>
          <h2 className={ui.sheetTitle}>{t('moneyGates.freeze.title')}</h2>
          <p className={ui.hint}>{t('moneyGates.freeze.body')}</p>
          <PasswordField
            id="freeze-password"
            label={t('moneyGates.freeze.password')}
            autoComplete="current-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setError(undefined);
            }}
            error={error}
          />
          <Button variant="danger" type="submit" block loading={freeze.isPending} data-testid="freeze-confirm">
            {t('moneyGates.freeze.confirm')}
          </Button>
        </form>
      </Sheet>
    </>
  );
}
