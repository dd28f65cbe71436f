import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Frame } from './Frame.tsx';
import styles from './PageState.module.css';
import { PATHS } from './paths.ts';
import { useJump } from './useJump.ts';

/** For unknown paths and for SPEC paths whose feature has not been built yet: honest, with a way home. */
export function NotFound() {
  const { t } = useTranslation();
  const go = useJump();
  return (
    <Frame title={t('notFound.title')}>
      <div className="px-center" data-testid="not-found">
        <ClockCircleOutline className={styles.icon} aria-hidden />
        <h2 className={styles.heading}>{t('notFound.heading')}</h2>
        <p className={styles.body}>{t('notFound.body')}</p>
        <Button color="primary" onClick={() => go(PATHS.activityHome)} data-testid="not-found-home">
          {t('notFound.home')}
        </Button>
      </div>
    </Frame>
  );
}
