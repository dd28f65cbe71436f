import { CURRENCIES } from '@polaris/contract';

import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Sheet } from '@/components/Sheet.tsx';
import styles from '@/components/ui.module.css';
import { settingsStore, useSettings } from '@/lib/settings.ts';
import { CURRENCY_SYMBOLS, chooseCurrency, currencyOf } from '@/lib/wallet.ts';

/**
 * SPEC §3 currencies. Choosing one stores settings.currency; every figure keyed by the currency (the wallet
 * summary) fetches again, so the whole screen is re-valued.
 */
export function CurrencySheet({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const current = currencyOf(useSettings((state) => state.currency));
  return (
    <Sheet labelledBy="currency-sheet-title" visible={visible} onClose={onClose}>
      <div className={styles.sheet} data-testid="currency-sheet">
        <h2 className={styles.sheetTitle} id="currency-sheet-title">
          {t('currency.choose')}
        </h2>
        <fieldset className={styles.list} aria-labelledby="currency-sheet-title">
          {CURRENCIES.map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={code === current}
              className={styles.row}
              onClick={() => {
                chooseCurrency(settingsStore, code);
                onClose();
              }}
              data-testid={`currency-option-${code}`}
            >
              <span className={styles.icon}>{CURRENCY_SYMBOLS[code]}</span>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>{code}</span>
                <span className={styles.rowSub} style={{ display: 'block' }}>
                  {t(`currency.names.${code}`)}
                </span>
              </span>
              {code === current && <CheckOutline color="var(--adm-color-primary)" aria-hidden />}
            </button>
          ))}
        </fieldset>
      </div>
    </Sheet>
  );
}
