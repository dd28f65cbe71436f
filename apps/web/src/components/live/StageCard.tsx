import type { LiveStage } from '@polaris/contract';
import { VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { href, PATHS } from '@/app/paths.ts';
import { Avatar } from '@/components/Avatar.tsx';
import { apiAsset } from '@/lib/api-origin.ts';
import css from './live.module.css';

/** A stage in a list: its cover (or a placeholder), on air or paused, how many watch, its title and broadcaster. */
export function StageCard({ stage }: { stage: LiveStage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const first = stage.cover?.sizes[0]?.url;
  const cover = first && apiAsset(first);
  return (
    <button
      type="button"
      className={css.card}
      onClick={() => navigate(href(PATHS.live, { id: stage.id }))}
      data-testid={`stage-card-${stage.id}`}
    >
      <span className={css.cardCover}>
        {cover ? <img src={cover} alt="" loading="lazy" /> : <VideoOutline aria-hidden />}
        <span className={stage.status === 'paused' ? css.pausedBadge : css.onAirBadge}>
          {stage.status === 'paused' ? t('live.pausedShort') : t('live.onAir')}
        </span>
        <span className={css.viewerBadge}>{t('live.viewers', { count: stage.viewers })}</span>
      </span>
      <span className={css.cardBody}>
        <span className={css.cardTitle}>{stage.title}</span>
        <span className={css.muted} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <Avatar name={stage.owner.name} avatar={stage.owner.avatar} person={String(stage.owner.uid)} size={20} />
          {stage.owner.name ?? `UID ${stage.owner.uid}`}
        </span>
      </span>
    </button>
  );
}
