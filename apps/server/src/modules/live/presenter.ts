import type { LiveStage } from '@polaris/contract';
import type { StageWithOwner } from './store.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentStage(
  stage: StageWithOwner,
  media: Pick<LiveStage, 'viewers' | 'broadcasting' | 'iceServers' | 'watchOffer'>,
  can: LiveStage['can'],
  cover: LiveStage['cover'],
): LiveStage {
  return {
    id: String(stage.id),
    title: stage.title,
    coverImageId: stage.coverImageId,
    cover,
    audience: stage.audience as LiveStage['audience'],
    status: stage.status as LiveStage['status'],
    startedAt: iso(stage.startedAt),
    endedAt: iso(stage.endedAt),
    roomId: stage.roomId === null ? null : String(stage.roomId),
    owner: { uid: stage.ownerUid, name: stage.ownerName, avatar: stage.ownerAvatar },
    viewers: media.viewers,
    broadcasting: media.broadcasting,
    can,
    iceServers: media.iceServers,
    watchOffer: media.watchOffer,
  };
}
