import { LANGUAGES, type Language } from '@polaris/contract';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { settingsStore, useSettings } from '@/lib/settings.ts';
import styles from './LanguagePicker.module.css';

/** Each language in its own words: someone who cannot read the current one still finds theirs. */
const OWN_NAMES: Record<Language, string> = { en: 'English', 'zh-Hant': '繁體中文', 'zh-Hans': '简体中文' };

/**
 * The language switch where a first-time visitor looks (the guide, the sign-in pages): a native select (the
 * phone's own picker), named "Language" in the current language, its options each in its own.
 */
export function LanguagePicker({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  return (
    <span className={styles.picker}>
      <GlobalOutline aria-hidden className={styles.icon} />
      <select
        className={styles.select}
        value={language}
        aria-label={t('language.label')}
        onChange={(event) => settingsStore.getState().update({ language: event.target.value as Language })}
        data-testid={testId}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {OWN_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
