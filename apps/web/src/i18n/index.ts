import { LANGUAGES, type Language, MESSAGES } from '@polaris/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { settingsStore } from '@/lib/settings.ts';
import { loadCatalogue } from './catalogue.ts';

/**
 * Two namespaces, one catalogue: `translation` holds the web's own strings, `contract` the shared
 * messages (field errors, http.*, region.blocked) that the server also sends, so both speak alike.
 * The web's strings load per language (catalogue.ts); `i18nReady` settles when the first one is in.
 */
export const DAYJS_LOCALE: Record<Language, string> = { en: 'en', 'zh-Hans': 'zh-cn', 'zh-Hant': 'zh-tw' };

function apply(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const catalogue = await loadCatalogue(language);
  i18n.addResourceBundle(language, 'translation', catalogue);
  i18n.addResourceBundle(language, 'contract', MESSAGES[language]);
}

/** The language last asked for: a slower load of an earlier choice must not win over it. */
let wanted = settingsStore.getState().language;

async function switchTo(language: Language): Promise<void> {
  wanted = language;
  await ensureLoaded(language);
  if (wanted !== language) return;
  await i18n.changeLanguage(language);
  apply(language);
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: wanted,
  supportedLngs: [...LANGUAGES],
  // Keys are checked for parity by i18n.test.ts, so a fallback would only hide a bug.
  fallbackLng: false,
  load: 'currentOnly',
  ns: ['translation', 'contract'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18nReady: Promise<void> = switchTo(wanted);

settingsStore.subscribe((state, previous) => {
  if (state.language === previous.language) return;
  void switchTo(state.language);
});

export { i18n };
