import { LANGUAGES, type Language, MESSAGES } from '@polaris/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { settingsStore } from '@/lib/settings.ts';
import { CATALOGUE } from './catalogue.ts';

/**
 * Two namespaces, one catalogue: `translation` holds the web's own strings, `contract` the shared
 * messages (field errors, http.*, region.blocked) that the server also sends, so both speak alike.
 */
export const DAYJS_LOCALE: Record<Language, string> = { en: 'en', 'zh-Hans': 'zh-cn', 'zh-Hant': 'zh-tw' };

const resources = {
  en: { translation: CATALOGUE.en, contract: MESSAGES.en },
  'zh-Hans': { translation: CATALOGUE['zh-Hans'], contract: MESSAGES['zh-Hans'] },
  'zh-Hant': { translation: CATALOGUE['zh-Hant'], contract: MESSAGES['zh-Hant'] },
};

function apply(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const initial = settingsStore.getState().language;
void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  supportedLngs: [...LANGUAGES],
  // Keys are checked for parity by i18n.test.ts, so a fallback would only hide a bug.
  fallbackLng: false,
  load: 'currentOnly',
  ns: ['translation', 'contract'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
});
apply(initial);

settingsStore.subscribe((state, previous) => {
  if (state.language === previous.language) return;
  void i18n.changeLanguage(state.language);
  apply(state.language);
});

export { i18n };
