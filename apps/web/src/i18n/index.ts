import { LANGUAGES, type Language } from '@polaris/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { settingsStore } from '@/lib/settings.ts';
import { loadCatalogue, loadFirstScreen } from './catalogue.ts';

/**
 * Two namespaces, one catalogue: `translation` holds the web's own strings, `contract` the shared
 * messages (field errors, http.*, region.blocked) that the server also sends, so both speak alike.
 * The web's strings load per language (catalogue.ts); `i18nReady` settles when the first one is in.
 */
const DAYJS_LOCALE: Record<Language, string> = { en: 'en', 'zh-Hans': 'zh-cn', 'zh-Hant': 'zh-tw' };

function apply(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Every string of a language, loaded once (a failed load is tried again next time). */
const complete = new Map<Language, Promise<void>>();

function loadAll(language: Language): Promise<void> {
  let loading = complete.get(language);
  if (!loading) {
    loading = loadCatalogue(language).then((catalogue) => {
      i18n.addResourceBundle(language, 'translation', catalogue.web, true, true);
      i18n.addResourceBundle(language, 'contract', catalogue.contract, true, true);
    });
    loading.catch(() => complete.delete(language));
    complete.set(language, loading);
  }
  return loading;
}

/** The language last asked for: a slower load of an earlier choice must not win over it. */
let wanted = settingsStore.getState().language;
let booted = false;

async function switchTo(language: Language): Promise<void> {
  wanted = language;
  if (!booted) {
    // The first screen renders from its own strings (preloaded by index.html's early script); the rest of them, and
    // the contract's messages, load with the first other page (allStringsReady).
    i18n.addResourceBundle(language, 'translation', await loadFirstScreen(language));
  } else {
    await loadAll(language);
  }
  booted = true;
  if (wanted !== language) return;
  await i18n.changeLanguage(language);
  apply(language);
}

/** Every string of the current language: pages other than the first screen render once it settles (RouteView). */
export function allStringsReady(): Promise<void> {
  return loadAll(wanted);
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
  // A component already on screen when more strings arrive (a language's other areas) renders again with them.
  react: { bindI18nStore: 'added' },
});

export const i18nReady: Promise<void> = switchTo(wanted);

settingsStore.subscribe((state, previous) => {
  if (state.language === previous.language) return;
  void switchTo(state.language);
});

export { i18n };
