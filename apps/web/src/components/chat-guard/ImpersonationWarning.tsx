import type { ChatRoom } from '@polaris/contract';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import css from './chat-guard.module.css';

/**
 * Above a direct conversation whose other person's name passes for an admin's of a room both are in (the server
 * says so in the room's answer): scammers pose as a community's admins in private messages.
 */
export function ImpersonationWarning({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const warning = room.impersonation;
  if (!warning) return null;
  return (
    <div className={css.warningBar} role="alert" data-testid="chat-impersonation-warning">
      <ExclamationTriangleOutline aria-hidden className={css.warningIcon} />
      <span>{t('chatGuard.impersonation', { admin: warning.adminName, room: warning.roomName })}</span>
    </div>
  );
}
