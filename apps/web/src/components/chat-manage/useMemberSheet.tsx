import { type ChatRoom, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type ChatMember, type MemberChange, useMemberChange } from '@/api/chat-manage.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import { type MemberAction, MUTE_MINUTES, memberActions, needsConfirm, type Viewer } from './rules.ts';
import { useOverlays } from './useOverlays.tsx';

const HARSH: readonly MemberAction[] = ['kick', 'ban'];

/**
 * The sheet a moderator opens on a member: only the actions the server would allow this viewer on this member
 * (rules.ts); mute asks for how long; kick and ban are confirmed. The change shows at once (api/chat-manage.ts)
 * and a toast says what happened, or what the server refused.
 */
export function useMemberSheet(room: ChatRoom, viewer: Viewer) {
  const { t } = useTranslation();
  const change = useMemberChange(room.id);
  const overlays = useOverlays();
  const nameOf = (member: ChatMember) => member.name || t('chatManage.unnamed', { uid: member.uid });

  const run = (member: ChatMember, action: MemberAction, request: MemberChange) =>
    change.mutate(request, {
      onSuccess: () =>
        Toast.show({
          content: t(`chatManage.member.done.${action}`, { name: nameOf(member) }),
          duration: TOAST_DURATION_MS,
        }),
      onError: (error) => toastUnreported(error),
    });

  const chooseMute = (member: ChatMember) =>
    overlays.sheet({
      extra: t('chatManage.member.muteTitle', { name: nameOf(member) }),
      actions: MUTE_MINUTES.map((minutes) => ({
        key: minutes,
        text: <span data-testid={`member-mute-${minutes}`}>{t(`chatManage.member.muteFor.${minutes}`)}</span>,
      })),
      onAction: (action) => run(member, 'mute', { action: 'mute', uid: member.uid, minutes: Number(action.key) }),
    });

  const confirmThen = async (member: ChatMember, action: 'kick' | 'ban') => {
    const name = nameOf(member);
    const ok = await overlays.confirm({
      title: t(`chatManage.member.${action}Title`, { name }),
      content: t(`chatManage.member.${action}Body`),
      confirmText: t(`chatManage.member.actions.${action}`),
      danger: true,
    });
    if (ok) run(member, action, { action, uid: member.uid });
  };

  const act = (member: ChatMember, action: MemberAction) => {
    if (action === 'mute') chooseMute(member);
    else if (needsConfirm(action)) void confirmThen(member, action as 'kick' | 'ban');
    else if (action === 'unmute') run(member, action, { action, uid: member.uid });
    else run(member, action, { action: 'role', uid: member.uid, role: action === 'makeAdmin' ? 'admin' : 'member' });
  };

  /** The actions this viewer has on `member` (none: the row is not tappable). */
  const actionsFor = (member: ChatMember) => memberActions(viewer, member, new Date());

  const open = (member: ChatMember) => {
    const actions = actionsFor(member);
    if (actions.length === 0) return;
    overlays.sheet({
      extra: nameOf(member),
      actions: actions.map((action) => ({
        key: action,
        danger: HARSH.includes(action),
        text: <span data-testid={`member-action-${action}`}>{t(`chatManage.member.actions.${action}`)}</span>,
      })),
      onAction: (action) => act(member, action.key as MemberAction),
    });
  };

  return { open, actionsFor, nameOf, busy: change.isPending };
}
