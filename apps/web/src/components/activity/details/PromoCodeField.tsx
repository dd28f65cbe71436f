import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { TextField } from '@/components/TextField.tsx';
import styles from './details.module.css';
import type { SignUpFlow } from './useSignUpFlow.ts';

type PromoFlow = Pick<SignUpFlow, 'promo' | 'promoError' | 'checkingPromo' | 'applyPromo' | 'clearPromo'>;

/**
 * The sign-up screen's promo code: typed and checked before the confirmation (what it takes off shows there), its
 * refusal under the field in the reader's language; once applied, the code and a way to take it off.
 */
export function PromoCodeField({ flow }: { flow: PromoFlow }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  if (flow.promo) {
    return (
      <p className={styles.promoApplied} role="status" data-testid="promo-applied">
        <span>{t('promo.applied', { code: flow.promo.code })}</span>
        <Button size="small" onClick={flow.clearPromo} data-testid="promo-remove">
          {t('promo.remove')}
        </Button>
      </p>
    );
  }
  return (
    <form
      className={styles.promoForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        flow.applyPromo(code);
      }}
    >
      <TextField
        id="promo-code"
        testId="promo-code"
        label={t('promo.label')}
        value={code}
        maxLength={40}
        autoComplete="off"
        onChange={setCode}
        error={flow.promoError}
        suffix={
          <Button
            size="small"
            type="submit"
            loading={flow.checkingPromo}
            disabled={!code.trim()}
            data-testid="promo-apply"
          >
            {t('promo.apply')}
          </Button>
        }
      />
    </form>
  );
}
