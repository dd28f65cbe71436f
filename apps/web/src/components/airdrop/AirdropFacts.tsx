import type { Airdrop, AirdropPhase } from '@polaris/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import ui from '@/components/ui.module.css';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';

const PHASE_LOOK: Record<AirdropPhase, string> = {
  upcoming: ui.warning!,
  open: ui.success!,
  ended: '',
  distributing: ui.warning!,
  distributed: '',
};

export function PhaseBadge({ phase }: { phase: AirdropPhase }) {
  const { t } = useTranslation();
  return (
    <span className={`${ui.badge} ${PHASE_LOOK[phase]}`} data-testid="airdrop-phase" data-phase={phase}>
      {t(`airdrop.phase.${phase}`)}
    </span>
  );
}

function rewardText(t: TFunction, airdrop: Airdrop): string {
  return airdrop.mode === 'fixed'
    ? t('airdrop.fixed', {
        amount: amountFigure(airdrop.perPerson ?? '0', airdrop.asset),
        asset: airdrop.asset,
        count: airdrop.maxParticipants ?? 0,
      })
    : t('airdrop.prorata', { pool: amountFigure(airdrop.pool, airdrop.asset), asset: airdrop.asset });
}

/** Pool, reward rule, sign-up window, distribution time and sign-ups: what the list and the detail both show. */
export function AirdropFacts({ airdrop }: { airdrop: Airdrop }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  return (
    <dl className={ui.kvList}>
      <div className={ui.kv}>
        <dt>{t('airdrop.pool')}</dt>
        <dd data-testid="airdrop-pool">{assetAmount(airdrop.pool, airdrop.asset)}</dd>
      </div>
      <div className={ui.kv}>
        <dt>{t('airdrop.rule')}</dt>
        <dd>{rewardText(t, airdrop)}</dd>
      </div>
      <div className={ui.kv}>
        <dt>{t('airdrop.window')}</dt>
        <dd>
          {t('airdrop.windowValue', {
            from: formatDateAndTime(airdrop.signupStartsAt, language),
            to: formatDateAndTime(airdrop.signupEndsAt, language),
          })}
        </dd>
      </div>
      <div className={ui.kv}>
        <dt>{t('airdrop.distribution')}</dt>
        <dd>{formatDateAndTime(airdrop.distributeAt, language)}</dd>
      </div>
      <div className={ui.kv}>
        <dt>{t('airdrop.participants')}</dt>
        <dd data-testid="airdrop-participants">{t('airdrop.participantsValue', { count: airdrop.participants })}</dd>
      </div>
    </dl>
  );
}
