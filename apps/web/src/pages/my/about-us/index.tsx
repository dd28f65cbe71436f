import licences from 'virtual:licences';
import { APP_VERSION, APP_VERSION_CODE } from '@polaris/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/ui.module.css';
import styles from './about.module.css';

/**
 * Version, terms, privacy, and the licence of every package the app ships: the list is read from the installed
 * dependencies when the app is built (vite-licences.ts), never fetched.
 */
export default function AboutUsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Frame title={t('aboutUs.title')}>
      <div className={`${ui.card} ${styles.hero}`}>
        <img className={styles.logo} src="./icon.svg" alt="" />
        <h1 className={styles.name}>{t('app.name')}</h1>
        <p className={ui.muted} style={{ margin: 0 }} data-testid="about-version">
          {t('aboutUs.version', { version: APP_VERSION, code: APP_VERSION_CODE })}
        </p>
        <p style={{ margin: 0 }}>{t('aboutUs.tagline')}</p>
      </div>
      <List className={ui.section} style={{ borderRadius: 'var(--px-radius)', overflow: 'hidden' }}>
        <List.Item onClick={() => navigate(PATHS.agreement)} data-testid="about-terms">
          {t('aboutUs.terms')}
        </List.Item>
        <List.Item onClick={() => navigate(href(PATHS.agreement, { section: 'privacy' }))} data-testid="about-privacy">
          {t('aboutUs.privacy')}
        </List.Item>
      </List>
      <section className={ui.section} aria-labelledby="about-licences">
        <div className={ui.sectionHead}>
          <h2 className={ui.sectionTitle} id="about-licences">
            {t('aboutUs.licences')}
          </h2>
        </div>
        <p className={ui.muted} style={{ margin: '0 4px 8px', fontSize: 13 }}>
          {t('aboutUs.licencesHint', { count: licences.length })}
        </p>
        <div className={ui.list} data-testid="about-licences">
          {licences.map((entry) => (
            <details key={`${entry.name}@${entry.version}`} className={styles.licence}>
              <summary>
                <span className={styles.licenceName}>
                  {entry.name} {entry.version}
                </span>
                <span className={styles.licenceType}>{entry.licence}</span>
              </summary>
              {entry.homepage && (
                <p style={{ margin: '0 0 8px', fontSize: 13 }}>
                  <a href={entry.homepage} target="_blank" rel="noopener noreferrer">
                    {t('aboutUs.homepage')}
                  </a>
                </p>
              )}
              {entry.text ? (
                <pre className={styles.licenceText}>{entry.text}</pre>
              ) : (
                <p className={ui.muted}>{t('aboutUs.noText', { licence: entry.licence })}</p>
              )}
            </details>
          ))}
        </div>
      </section>
    </Frame>
  );
}
