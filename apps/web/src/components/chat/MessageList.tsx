import type { ChatMessage } from '@polaris/contract';
import { DotLoading, ImageViewer } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuardActions } from '@/components/chat-guard/useGuardActions.tsx';
import type { OutgoingMessage } from '@/lib/chat-outbox.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import { chatImageUrl, dayLabel, displayName, systemText } from './format.ts';
import { type MessageActionHandlers, MessageActions, ReactorsSheet } from './MessageActions.tsx';
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
  /** Reactions, editing and pins (docs/chat.md "Reactions, editing and pins"); without them the sheet offers none. */
  actions?: Pick<MessageActionHandlers, 'canReact' | 'canPin' | 'pinned' | 'onReact' | 'onEdit' | 'onPin'>;
  /** Open at this message (a search hit): scrolled to and flashed, instead of the newest. */
  focusSeq?: number;
  /** Opened around a message: newer messages remain below, asked for as the reader nears the bottom. */
  hasNewer?: boolean;
  loadingNewer?: boolean;
  onLoadNewer?(): void;
}

const NO_PINS: ReadonlySet<number> = new Set();

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
  const [reactorsOf, setReactorsOf] = useState<ChatMessage | null>(null);
  const extra = props.actions;
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
    react: extra?.canReact ? extra.onReact : undefined,
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
          {props.loadingNewer && (
            <div className={css.top} role="status" data-testid="chat-loading-newer">
              <DotLoading /> {t('chat.room.loadingOlder')}
            </div>
          )}
        </div>
      </div>
      {scroll.unseen > 0 && (
        <button type="button" className={css.newPill} onClick={scroll.toBottom} data-testid="chat-new-messages">
          <DownOutline aria-hidden /> {t('chat.room.newMessages', { count: scroll.unseen })}
        </button>
      )}
      <MessageActions
        message={acting}
        selfUid={selfUid}
        onClose={() => setActing(null)}
        handlers={{
          canDelete: (message) => props.canModerate || (message.senderUid !== null && message.senderUid === selfUid),
          canReply: props.canReply,
          canReact: extra?.canReact ?? false,
          canPin: extra?.canPin ?? false,
          pinned: extra?.pinned ?? NO_PINS,
          onReply: props.onReply,
          onDelete: props.onDelete,
          onReact: extra?.onReact,
          onEdit: extra?.onEdit,
          onPin: extra?.onPin,
          onWhoReacted: setReactorsOf,
          guard,
        }}
      />
      {guard.sheet}
      <ReactorsSheet roomId={messages[0]?.roomId ?? ''} message={reactorsOf} onClose={() => setReactorsOf(null)} />
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
  const { focusSeq, hasNewer = false, loadingNewer = false, onLoadNewer } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [flash, setFlash] = useState<number | null>(null);
  const [unseen, setUnseen] = useState(0);
  const stick = useRef(focusSeq === undefined);
  const seen = useRef({ height: 0, first: '', last: '' });
  /** The found message last scrolled to, so each is focused once; and whether a newer page is on its way. */
  const focused = useRef<number | null>(null);
  const newerAsked = useRef(false);
  const newest = messages[messages.length - 1]?.seq;

  const showFlash = useCallback((seq: number) => {
    setFlash(seq);
    setTimeout(() => setFlash((current) => (current === seq ? null : current)), 2000);
  }, []);

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
    const target =
      focusSeq !== undefined && focused.current !== focusSeq
        ? element.querySelector<HTMLElement>(`[data-seq="${focusSeq}"]`)
        : null;
    if (target) {
      // Opened at a found message: it, in the middle of the screen, flashed; the reader pages either way from there.
      focused.current = focusSeq!;
      stick.current = false;
      target.scrollIntoView({ block: 'center' });
      showFlash(focusSeq!);
    } else if (newerAsked.current && last !== before.last) {
      // A newer page came in below: the reader's place stays, and it is not "new messages".
      newerAsked.current = false;
    } else if (before.height === 0 || stick.current || sentNow) {
      toBottom();
    } else if (first !== before.first) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last && lastItem?.type === 'message' && !lastItem.own) {
      setUnseen((count) => count + 1);
    }
    seen.current = { height: element.scrollHeight, first, last };
  }, [items, toBottom, focusSeq, showFlash]);

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
    const below = element.scrollHeight - element.scrollTop - element.clientHeight;
    // With newer messages still to load, the bottom of what is held is not the newest: nothing sticks there.
    stick.current = !hasNewer && below < STICK_PX;
    if (stick.current) {
      setUnseen(0);
      if (newest !== undefined) onSeen(newest);
    }
    if (element.scrollTop < PRELOAD_PX && hasOlder && !loadingOlder && !olderFailed) onLoadOlder();
    if (below < PRELOAD_PX && hasNewer && !loadingNewer && onLoadNewer) {
      newerAsked.current = true;
      onLoadNewer();
    }
  };

  const jumpTo = useCallback(
    (seq: number) => {
      const target = scroller.current?.querySelector(`[data-seq="${seq}"]`);
      if (!target) return;
      target.scrollIntoView({ block: 'center', behavior: 'smooth' });
      showFlash(seq);
    },
    [showFlash],
  );

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
