import { LANGUAGES, type Language } from '@polaris/contract';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ListRow } from '@/components/ListRow.tsx';
import { settingsStore, useSettings } from '@/lib/settings.ts';
import styles from './me.module.css';

/** A native select in a list row: the platform picker is the most usable and accessible choice on a phone. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const names: Record<Language, string> = {
    en: t('language.en'),
    'zh-Hans': t('language.zh-Hans'),
    'zh-Hant': t('language.zh-Hant'),
  };
  return (
    <ListRow
      icon={<GlobalOutline />}
      title={<label htmlFor="language-switch">{t('language.label')}</label>}
      control={
        <select
          id="language-switch"
          className={styles.select}
          value={language}
          onChange={(event) => settingsStore.getState().update({ language: event.target.value as Language })}
          data-testid="language-switch"
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {names[code]}
            </option>
          ))}
        </select>
      }
    />
  );
}
