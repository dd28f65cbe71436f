import type { DaogameSource } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { daogameErrorText } from '@/api/daogame.ts';
import { LoadFailed } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';

/** SPEC §8: the API's message, "request failed" or "API request error", with a retry. */
export function DaogameFailed({ error, onRetry, testId }: { error: unknown; onRetry(): void; testId: string }) {
  const { t } = useTranslation();
  return <LoadFailed onRetry={onRetry} message={daogameErrorText(error, t('daogame.apiError'))} testId={testId} />;
}

/** The demo catalogue is labelled wherever its games are shown. */
export function DaogameDemoBadge({ source }: { source: DaogameSource | undefined }) {
  const { t } = useTranslation();
  if (source !== 'demo') return null;
  return (
    <span className={ui.badge} title={t('daogame.demoHint')} data-testid="daogame-demo">
      {t('daogame.demo')}
    </span>
  );
}
