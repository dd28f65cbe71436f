import type { Activity } from '@polaris/contract';
import { MessageOutline, VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useActivityRoom } from '@/api/chat-manage.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import ui from '../activity.module.css';

/**
 * The activity's room, for those in it (ticket holders and hosts): its stage when one is on air, the chat, and for
 * hosts going live there, so an online activity streams in the app instead of through a third-party link.
 */
export function ActivityRoom({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const room = useActivityRoom(activity.id).data;
  if (!room || room.role === null) return null;
  const host = room.role === 'owner' || room.role === 'admin';
  return (
    <section className={ui.section} data-testid="activity-room">
      <div className={ui.panel} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {room.liveStageId && (
          <Button
            variant="danger"
            size="small"
            onClick={() => navigate(href(PATHS.live, { id: room.liveStageId! }))}
            data-testid="activity-live-now"
          >
            <VideoOutline aria-hidden /> {t('activity.room.liveNow')}
          </Button>
        )}
        <Button
          size="small"
          onClick={() => navigate(href(PATHS.chat, { id: room.id }))}
          data-testid="activity-open-room"
        >
          <MessageOutline aria-hidden /> {t('activity.room.chat')}
        </Button>
        {host && !room.liveStageId && !room.closedAt && (
          <Button
            size="small"
            onClick={() => navigate(href(PATHS.liveSetting, { roomId: room.id }))}
            data-testid="activity-go-live"
          >
            <VideoOutline aria-hidden /> {t('activity.room.goLive')}
          </Button>
        )}
      </div>
    </section>
  );
}
