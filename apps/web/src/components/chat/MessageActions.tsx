import { CHAT_REACTIONS, type ChatMessage, type ChatReaction } from '@polaris/contract';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useReactors } from '@/api/chat-actions.ts';
import { confirm } from '@/app/overlays.ts';
import { ActionSheet } from '@/components/ActionSheet.tsx';
import type { useGuardActions } from '@/components/chat-guard/useGuardActions.tsx';
import { LoadFailed } from '@/components/QueryState.tsx';
import { copyWithToast } from '@/components/RecordItem.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { canEditMessage, canReactTo } from '@/lib/chat-actions.ts';
import css from './actions.module.css';
import { displayName } from './format.ts';

/** What the sheet of a message can do, as the room's `can` and the message allow. */
export interface MessageActionHandlers {
  canDelete(message: ChatMessage): boolean;
  canReply: boolean;
  /** React: members who may act in the room (not muted, the room open). */
  canReact: boolean;
  /** Pin and unpin: the room's admins. */
  canPin: boolean;
  pinned: ReadonlySet<number>;
  onReply(message: ChatMessage): void;
  onDelete(seq: number): void;
  onReact?(seq: number, emoji: ChatReaction['emoji'], on: boolean): void;
  onEdit?(message: ChatMessage): void;
  onPin?(seq: number, pinned: boolean): void;
  onWhoReacted?(message: ChatMessage): void;
  /** Report and block (chat-guard/useGuardActions.tsx): offered last, on others' messages. */
  guard?: Pick<ReturnType<typeof useGuardActions>, 'actionsFor' | 'act'>;
}

/** The row of offered reactions atop a message's sheet; the reader's own are pressed, a tap toggles and closes. */
function ReactionPicker({
  message,
  onPick,
}: {
  message: ChatMessage;
  onPick(emoji: ChatReaction['emoji'], on: boolean): void;
}) {
  const { t } = useTranslation();
  const mine = new Set((message.reactions ?? []).filter((r) => r.mine).map((r) => r.emoji));
  return (
    <div>
      <span className={css.pickerTitle}>{t('chat.message.actions')}</span>
      <ul className={css.picker} aria-label={t('chatActions.react')} data-testid="reaction-picker">
        {CHAT_REACTIONS.map((emoji) => (
          <li key={emoji} className={css.pickerItem}>
            <button
              type="button"
              className={css.emoji}
              aria-pressed={mine.has(emoji)}
              aria-label={t('chatActions.reactWith', { emoji })}
              onClick={() => onPick(emoji, !mine.has(emoji))}
              data-testid="reaction-pick"
              data-emoji={emoji}
            >
              {emoji}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A message's sheet (long press, right click, or its "⋯" button): the reactions row, then reply, copy, edit (own
 * text within 48 hours), pin or unpin (admins), who reacted, delete (own, or any for admins; confirmed).
 */
export function MessageActions({
  message,
  selfUid,
  onClose,
  handlers,
}: {
  message: ChatMessage | null;
  selfUid: string | null;
  onClose(): void;
  handlers: MessageActionHandlers;
}) {
  const { t } = useTranslation();
  const live = message !== null && !message.deleted;
  const reactable = live && handlers.canReact && canReactTo(message) && handlers.onReact !== undefined;
  const isPinned = message !== null && handlers.pinned.has(message.seq);
  const actions = [
    ...(live && handlers.canReply ? [{ key: 'reply', text: t('chat.message.reply') }] : []),
    ...(live && message.text ? [{ key: 'copy', text: t('chat.message.copy') }] : []),
    ...(live && handlers.onEdit && canEditMessage(message, selfUid) && handlers.canReact
      ? [{ key: 'edit', text: t('chatActions.edit') }]
      : []),
    ...(message && handlers.canPin && handlers.onPin && message.seq > 0 && (live || isPinned)
      ? [{ key: 'pin', text: t(isPinned ? 'chatActions.unpin' : 'chatActions.pin') }]
      : []),
    ...(live && (message.reactions?.length ?? 0) > 0 ? [{ key: 'who', text: t('chatActions.whoReacted') }] : []),
    ...(live && handlers.canDelete(message) ? [{ key: 'delete', text: t('chat.message.delete'), danger: true }] : []),
    ...(message && handlers.guard ? handlers.guard.actionsFor(message) : []),
  ];
  return (
    <ActionSheet
      visible={message !== null && (actions.length > 0 || reactable)}
      extra={
        reactable ? (
          <ReactionPicker
            message={message}
            onPick={(emoji, on) => {
              handlers.onReact?.(message.seq, emoji, on);
              onClose();
            }}
          />
        ) : undefined
      }
      actions={actions}
      cancelText={t('chat.message.cancel')}
      onClose={onClose}
      label={t('chat.message.actions')}
      onAction={(action) => {
        if (!message) return;
        handlers.guard?.act(String(action.key), message);
        if (action.key === 'reply') handlers.onReply(message);
        if (action.key === 'copy') void copyWithToast(message.text, t('chat.message.copyLabel'));
        if (action.key === 'edit') handlers.onEdit?.(message);
        if (action.key === 'pin') handlers.onPin?.(message.seq, !isPinned);
        if (action.key === 'who') handlers.onWhoReacted?.(message);
        if (action.key === 'delete') {
          void confirm({
            content: t('chat.message.deleteConfirm'),
            confirmText: t('chat.message.delete'),
            cancelText: t('chat.message.cancel'),
          }).then((yes) => yes && handlers.onDelete(message.seq));
        }
      }}
      testId="chat-actions"
    />
  );
}

/** Who reacted to a message, and with what, earliest first. */
export function ReactorsSheet({
  roomId,
  message,
  onClose,
}: {
  roomId: string;
  message: ChatMessage | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const reactors = useReactors(roomId, message?.seq ?? null);
  return (
    <Sheet visible={message !== null} onClose={onClose} testId="reactors-sheet" destroyOnClose>
      <h2 className={css.reactorsTitle}>{t('chatActions.whoReacted')}</h2>
      {reactors.isPending ? (
        <p role="status" className={css.reactors}>
          <DotLoading />
        </p>
      ) : reactors.isError ? (
        <LoadFailed onRetry={() => void reactors.refetch()} message={reactors.error.message} />
      ) : reactors.data.items.length === 0 ? (
        <p className={css.reactors}>{t('chatActions.whoReactedEmpty')}</p>
      ) : (
        <ul className={css.reactors}>
          {reactors.data.items.map((row) => (
            <li key={`${row.uid}${row.emoji}`} className={css.reactor} data-testid="reactor">
              <span className={css.reactorName}>{displayName(t, row.name, row.uid)}</span>
              <span>{row.emoji}</span>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}
