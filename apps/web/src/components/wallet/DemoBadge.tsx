import { useTranslation } from 'react-i18next';
import styles from '@/components/ui.module.css';

/** docs/market-data.md: figures from the shipped dataset are labelled "demo data" wherever they are shown. */
export function DemoBadge({ source, testId }: { source: 'demo' | 'live' | undefined; testId: string }) {
  const { t } = useTranslation();
  if (source !== 'demo') return null;
  return (
    <span className={styles.badge} title={t('market.demoHint')} data-testid={testId}>
      {t('market.demo')}
    </span>
  );
}
