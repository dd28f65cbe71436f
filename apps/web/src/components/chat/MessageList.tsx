import type { ChatMessage } from '@polaris/contract';
import { DotLoading, ImageViewer } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/app/overlays.ts';
import { ActionSheet } from '@/components/ActionSheet.tsx';
import { useGuardActions } from '@/components/chat-guard/useGuardActions.tsx';
import { copyWithToast } from '@/components/RecordItem.tsx';
import type { OutgoingMessage } from '@/lib/chat-outbox.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import { chatImageUrl, dayLabel, displayName, systemText } from './format.ts';
import { MessageRow, PendingRow, type RowContext } from './MessageRow.tsx';
import css from './messages.module.css';
import { buildTimeline, type TimelineItem } from './timeline.ts';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  pending: readonly OutgoingMessage[];
  selfUid: string | null;
  /** Admins delete anyone's message; others their own. */
  canModerate: boolean;
  canReply: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed?: boolean;
  onLoadOlder(): void;
  /** The newest message is on screen. */
  onSeen(seq: number): void;
  onReply(message: ChatMessage): void;
  onDelete(seq: number): void;
  onRetry(clientId: string): void;
  onDiscard(clientId: string): void;
  /** One line per message, no avatars or day separators: beside a live video. */
  compact?: boolean;
}

/** How close to the bottom counts as "at the bottom", so new messages keep it there. */
const STICK_PX = 48;
/** How close to the top the next older page is asked for, so it is usually there before the user reaches it. */
const PRELOAD_PX = 400;

/**
 * A conversation that owns its scrolling: it opens at the newest message and stays there as messages arrive
 * (unless the user scrolled up, who gets a "new messages" button instead), loads older pages as the user nears
 * the top and keeps what they were reading in place when those arrive.
 */
export function MessageList(props: MessageListProps) {
  const { messages, pending, selfUid, compact = false, hasOlder, loadingOlder, olderFailed, onLoadOlder } = props;
  const { t } = useTranslation();
  const items = useMemo(
    () => buildTimeline(messages, pending, selfUid, { days: !compact }),
    [messages, pending, selfUid, compact],
  );
  const bySeq = useMemo(() => new Map(messages.map((message) => [message.seq, message])), [messages]);
  const nameOf = useSenderNames(messages, selfUid);
  const scroll = useConversationScroll(props, items);
  const [acting, setActing] = useState<ChatMessage | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const guard = useGuardActions(selfUid);

  const context: RowContext = {
    blocked: guard.blocked,
    compact,
    selfUid,
    nameOf,
    messageAt: (seq) => bySeq.get(seq),
    openActions: (message) => {
      if (message.kind !== 'system') setActing(message);
    },
    openImage: setViewing,
    jumpTo: scroll.jumpTo,
    retry: props.onRetry,
    discard: props.onDiscard,
  };

  return (
    <div className={`${css.wrap} ${compact ? css.compact : ''}`}>
      <div className={css.scroller} ref={scroll.scroller} onScroll={scroll.onScroll} data-testid="chat-scroller">
        {/* A short conversation sits at the bottom, by the composer, as in Telegram. */}
        <div className={css.fill}>
          <div className={css.top}>
            {loadingOlder ? (
              <span role="status" data-testid="chat-loading-older">
                <DotLoading /> {t('chat.room.loadingOlder')}
              </span>
            ) : olderFailed ? (
              <button type="button" className={css.topButton} onClick={onLoadOlder}>
                {t('chat.room.olderFailed')}
              </button>
            ) : !hasOlder && !compact ? (
              <span data-testid="chat-start">{t('chat.room.start')}</span>
            ) : null}
          </div>
          {/* The log is a region that announces additions; the list inside keeps its own list semantics. */}
          <div role="log" aria-live="polite" aria-relevant="additions" aria-label={t('chat.room.log')}>
            <TimelineList items={items} context={context} flash={scroll.flash} />
          </div>
        </div>
      </div>
      {scroll.unseen > 0 && (
        <button type="button" className={css.newPill} onClick={scroll.toBottom} data-testid="chat-new-messages">
          <DownOutline aria-hidden /> {t('chat.room.newMessages', { count: scroll.unseen })}
        </button>
      )}
      <MessageActions
        message={acting}
        onClose={() => setActing(null)}
        canDelete={(message) => props.canModerate || (message.senderUid !== null && message.senderUid === selfUid)}
        canReply={props.canReply}
        onReply={props.onReply}
        onDelete={props.onDelete}
        guard={guard}
      />
      {guard.sheet}
      <ImageViewer
        image={viewing ? chatImageUrl(viewing, 640) : ''}
        visible={viewing !== null}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}

/** Senders' names as the messages carry them (and mine from my profile), for rows, replies and system lines. */
function useSenderNames(messages: readonly ChatMessage[], selfUid: string | null) {
  const { t } = useTranslation();
  const selfName = useSession((state) => state.userInfo?.uname || state.userInfo?.openName || null);
  const names = useMemo(() => {
    const map = new Map<string, string>();
    if (selfUid && selfName) map.set(selfUid, selfName);
    for (const message of messages)
      if (message.senderUid && message.senderName) map.set(message.senderUid, message.senderName);
    return map;
  }, [messages, selfUid, selfName]);
  return useCallback((uid: string | null) => displayName(t, uid ? names.get(uid) : null, uid), [names, t]);
}

/**
 * The list's scrolling: to the bottom and kept there, the reader's place kept when older pages come in above,
 * the count of messages that arrived below while scrolled up, older pages asked for near the top, and a jump to a
 * quoted message that flashes it.
 */
function useConversationScroll(props: MessageListProps, items: readonly TimelineItem[]) {
  const { messages, hasOlder, loadingOlder, olderFailed, onLoadOlder, onSeen } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [flash, setFlash] = useState<number | null>(null);
  const [unseen, setUnseen] = useState(0);
  const stick = useRef(true);
  const seen = useRef({ height: 0, first: '', last: '' });
  const newest = messages[messages.length - 1]?.seq;

  const toBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    stick.current = true;
    setUnseen(0);
  }, []);

  // After every change: keep to the bottom, or keep the reader's place when older messages came in above.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = items.find((item) => item.type !== 'day')?.key ?? '';
    const lastItem = items[items.length - 1];
    const last = lastItem?.key ?? '';
    const before = seen.current;
    const sentNow = lastItem?.type === 'pending' && last !== before.last;
    if (before.height === 0 || stick.current || sentNow) {
      toBottom();
    } else if (first !== before.first) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last && lastItem?.type === 'message' && !lastItem.own) {
      setUnseen((count) => count + 1);
    }
    seen.current = { height: element.scrollHeight, first, last };
  }, [items, toBottom]);

  // The composer growing, the keyboard opening, a rotation: the bottom stays in view.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (stick.current) element.scrollTop = element.scrollHeight;
      seen.current.height = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Read position, and older pages while the screen is not yet full.
  useEffect(() => {
    const element = scroller.current;
    if (stick.current && newest !== undefined) onSeen(newest);
    if (
      element &&
      hasOlder &&
      !loadingOlder &&
      !olderFailed &&
      element.scrollHeight <= element.clientHeight + PRELOAD_PX
    ) {
      onLoadOlder();
    }
  }, [newest, hasOlder, loadingOlder, olderFailed, onLoadOlder, onSeen]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
    if (stick.current) {
      setUnseen(0);
      if (newest !== undefined) onSeen(newest);
    }
    if (element.scrollTop < PRELOAD_PX && hasOlder && !loadingOlder && !olderFailed) onLoadOlder();
  };

  const jumpTo = useCallback((seq: number) => {
    const target = scroller.current?.querySelector(`[data-seq="${seq}"]`);
    if (!target) return;
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    setFlash(seq);
    setTimeout(() => setFlash((current) => (current === seq ? null : current)), 1200);
  }, []);

  return { scroller, onScroll, toBottom, unseen, flash, jumpTo };
}

/** The timeline's rows: day separators, system lines, my messages still sending, and messages. */
function TimelineList({
  items,
  context,
  flash,
}: {
  items: readonly TimelineItem[];
  context: RowContext;
  flash: number | null;
}) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const now = new Date();
  return (
    <ol className={css.log}>
      {items.map((item) => {
        if (item.type === 'day') {
          return (
            <li key={item.key} className={css.day}>
              {dayLabel(item.at, now, language, t)}
            </li>
          );
        }
        if (item.type === 'system') {
          return (
            <li key={item.key} className={css.system} data-testid="chat-system" data-seq={item.message.seq}>
              {systemText(item.message, t, context.nameOf, context.selfUid)}
            </li>
          );
        }
        if (item.type === 'pending') {
          return <PendingRow key={item.key} item={item.item} first={item.first} context={context} />;
        }
        return (
          <MessageRow
            key={item.key}
            message={item.message}
            own={item.own}
            first={item.first}
            context={context}
            flash={flash === item.message.seq}
          />
        );
      })}
    </ol>
  );
}

function MessageActions({
  message,
  onClose,
  canDelete,
  canReply,
  onReply,
  onDelete,
  guard,
}: {
  message: ChatMessage | null;
  onClose(): void;
  canDelete(message: ChatMessage): boolean;
  canReply: boolean;
  onReply(message: ChatMessage): void;
  onDelete(seq: number): void;
  /** Report and block (chat-guard/useGuardActions.tsx). */
  guard: Pick<ReturnType<typeof useGuardActions>, 'actionsFor' | 'act'>;
}) {
  const { t } = useTranslation();
  const live = message !== null && !message.deleted;
  const actions = [
    ...(live && canReply ? [{ key: 'reply', text: t('chat.message.reply') }] : []),
    ...(live && message.text ? [{ key: 'copy', text: t('chat.message.copy') }] : []),
    ...(live && canDelete(message) ? [{ key: 'delete', text: t('chat.message.delete'), danger: true }] : []),
    ...(message ? guard.actionsFor(message) : []),
  ];
  return (
    <ActionSheet
      visible={message !== null && actions.length > 0}
      actions={actions}
      cancelText={t('chat.message.cancel')}
      onClose={onClose}
      label={t('chat.message.actions')}
      onAction={(action) => {
        if (!message) return;
        guard.act(String(action.key), message);
        if (action.key === 'reply') onReply(message);
        if (action.key === 'copy') void copyWithToast(message.text, t('chat.message.copyLabel'));
        if (action.key === 'delete') {
          void confirm({
            content: t('chat.message.deleteConfirm'),
            confirmText: t('chat.message.delete'),
            cancelText: t('chat.message.cancel'),
          }).then((yes) => yes && onDelete(message.seq));
        }
      }}
      testId="chat-actions"
    />
  );
}
