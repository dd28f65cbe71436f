import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { formatFullDate } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './agreement.module.css';

const UPDATED = '2025-11-21';

export default function AgreementPage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const [params] = useSearchParams();
  const section = params.get('section');
  // about-us links straight to the privacy section (?section=privacy).
  useEffect(() => {
    if (section) document.getElementById(`agreement-${section}`)?.scrollIntoView();
  }, [section]);
  const sections = [
    { id: 'account', title: t('agreement.accountTitle'), body: t('agreement.accountBody') },
    { id: 'conduct', title: t('agreement.conductTitle'), body: t('agreement.conductBody') },
    { id: 'assets', title: t('agreement.assetsTitle'), body: t('agreement.assetsBody') },
    { id: 'privacy', title: t('agreement.privacyTitle'), body: t('agreement.privacyBody') },
    { id: 'changes', title: t('agreement.changesTitle'), body: t('agreement.changesBody') },
  ];
  return (
    <Frame title={t('agreement.title')}>
      <article className={styles.doc} data-testid="agreement">
        <p className={styles.updated}>{t('agreement.updated', { date: formatFullDate(UPDATED, language) })}</p>
        <p>{t('agreement.intro')}</p>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`agreement-${section.id}`}>
            <h2 className={styles.heading} id={`agreement-${section.id}`}>
              {section.title}
            </h2>
            <p>{section.body}</p>
          </section>
        ))}
      </article>
    </Frame>
  );
}
