import { SearchBar, type SearchBarProps } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './SearchField.module.css';

/**
 * The app's search box: antd-mobile's SearchBar with its clear control made a real button. SearchBar draws the
 * clear as a `div` with an English `aria-label`, no role and no place in the tab order (axe-core:
 * aria-prohibited-attr), and only while the field has focus, so a keyboard user could never reach it. Here it is
 * shown whenever there is text, is a button named in the user's language, and Enter or Space clears.
 */
export function SearchField(props: SearchBarProps & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  const wrap = useRef<HTMLDivElement>(null);
  const label = t('common.clearSearch');
  useEffect(() => {
    const root = wrap.current;
    if (!root) return undefined;
    const mend = () => {
      for (const clear of root.querySelectorAll<HTMLElement>('.adm-input-clear')) {
        if (clear.getAttribute('aria-label') === label && clear.getAttribute('role') === 'button') continue;
        clear.setAttribute('role', 'button');
        clear.setAttribute('aria-label', label);
        clear.tabIndex = 0;
        clear.dataset.testid = 'search-clear';
      }
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(root, { childList: true, subtree: true });
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (!target.classList.contains('adm-input-clear') || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      target.click();
      root.querySelector('input')?.focus();
    };
    root.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      root.removeEventListener('keydown', onKey);
    };
  }, [label]);
  return (
    <div ref={wrap} className={styles.wrap}>
      <SearchBar onlyShowClearWhenFocus={false} {...props} />
    </div>
  );
}
