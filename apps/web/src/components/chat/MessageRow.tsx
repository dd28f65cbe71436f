import type { ChatMessage } from '@polaris/contract';
import { ClockCircleOutline, ExclamationCircleFill } from 'antd-mobile-icons';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BountyBubble } from '@/components/bounty/BountyBubble.tsx';
import { FoldedMessage } from '@/components/chat-guard/FoldedMessage.tsx';
import { RedPacketBubble } from '@/components/redpacket/RedPacketBubble.tsx';
import type { OutgoingMessage } from '@/lib/chat-outbox.ts';
import { formatTime } from '@/lib/format.ts';
import actionsCss from './actions.module.css';
import { chatImageUrl, messageSummary } from './format.ts';
import css from './messages.module.css';
import { MessagePoll } from './PollCard.tsx';
import { ReactionChips } from './ReactionChips.tsx';
import { RoomAvatar } from './RoomAvatar.tsx';
import { splitMessageText } from './timeline.ts';

/** What a row needs from the list around it. */
export interface RowContext {
  compact: boolean;
  selfUid: string | null;
  nameOf(uid: string | null): string;
  messageAt(seq: number): ChatMessage | undefined;
  openActions(message: ChatMessage): void;
  openImage(id: string): void;
  jumpTo(seq: number): void;
  retry(clientId: string): void;
  discard(clientId: string): void;
  /** Toggles a reaction (a chip under the message); absent where the reader may not react. */
  react?(seq: number, emoji: NonNullable<ChatMessage['reactions']>[number]['emoji'], on: boolean): void;
  /** Senders the reader blocked: their messages are folded (chat-guard/FoldedMessage.tsx). */
  blocked?: ReadonlySet<string>;
}

const LONG_PRESS_MS = 450;

/** Long press on touch, right click elsewhere: what Telegram and WeChat users reach for. */
function usePressActions(open: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onTouchStart: () => {
      cancel();
      timer.current = setTimeout(open, LONG_PRESS_MS);
    },
    onTouchMove: cancel,
    onTouchEnd: cancel,
    onTouchCancel: cancel,
    onContextMenu: (event: { preventDefault(): void }) => {
      event.preventDefault();
      cancel();
      open();
    },
  };
}

/** A text with its web links (opened in a new tab, without giving it this page) and mentions marked. */
function MessageText({
  message,
  context,
  tail,
}: {
  message: ChatMessage;
  context: RowContext;
  /** What ends the last line (room for the time, so a short message keeps it on the same line). */
  tail?: ReactNode;
}) {
  return (
    <p className={css.text}>
      {splitMessageText(message.text, message.mentions).map((part, index) => {
        const key = `${index}${part.kind}`;
        if (part.kind === 'link') {
          return (
            <a key={key} className={css.link} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
              {part.text}
            </a>
          );
        }
        if (part.kind === 'mention') {
          const me = part.uid === context.selfUid;
          return (
            <span key={key} className={`${css.mention} ${me ? css.mentionMe : ''}`} data-testid="chat-mention">
              @{context.nameOf(part.uid)}
            </span>
          );
        }
        return <span key={key}>{part.text}</span>;
      })}
      {tail}
    </p>
  );
}

/** An uploaded image as a thumbnail; the sharper copy on dense screens, the small one if that is all there is. */
function ChatImage({ id, onOpen }: { id: string; onOpen(): void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  if (step > 1) return <span className={css.thumbMissing}>{t('chat.message.imageFailed')}</span>;
  return (
    <button type="button" className={css.thumbButton} onClick={onOpen} aria-label={t('chat.message.openImage')}>
      <img
        className={css.thumb}
        src={chatImageUrl(id, 320)}
        srcSet={step === 0 ? `${chatImageUrl(id, 320)} 1x, ${chatImageUrl(id, 640)} 2x` : undefined}
        alt={t('chat.message.image')}
        loading="lazy"
        onError={() => setStep((current) => current + 1)}
        data-testid="chat-image"
      />
    </button>
  );
}

function Quote({ seq, context }: { seq: number; context: RowContext }) {
  const { t } = useTranslation();
  const quoted = context.messageAt(seq);
  return (
    <button type="button" className={css.quote} onClick={() => context.jumpTo(seq)} data-testid="chat-quote">
      {quoted ? (
        <>
          <span className={css.quoteName}>{context.nameOf(quoted.senderUid)}</span>{' '}
          {messageSummary(quoted, t, context.selfUid)}
        </>
      ) : (
        t('chat.message.earlier')
      )}
    </button>
  );
}

/** What a message shows inside its bubble, folded when its sender is one the reader blocked. */
function Body(props: { message: ChatMessage; context: RowContext; tail?: ReactNode }) {
  const sender = props.message.senderUid;
  if (sender !== null && props.context.blocked?.has(sender) && !props.message.deleted) {
    return (
      <FoldedMessage tail={props.tail}>
        <Content {...props} />
      </FoldedMessage>
    );
  }
  return <Content {...props} />;
}

/** What a message shows inside its bubble: the quote it replies to, its image, its text. */
function Content({ message, context, tail }: { message: ChatMessage; context: RowContext; tail?: ReactNode }) {
  const { t } = useTranslation();
  if (message.deleted) {
    return (
      <p className={`${css.text} ${css.deleted}`}>
        {t('chat.deleted')}
        {tail}
      </p>
    );
  }
  if (message.kind === 'bounty' && message.ref) return <BountyBubble message={message} />;
  if (message.kind === 'poll' && message.poll) return <MessagePoll poll={message.poll} selfUid={context.selfUid} />;
  if (message.kind === 'redpacket' && message.ref) {
    const own = message.senderUid !== null && message.senderUid === context.selfUid;
    return <RedPacketBubble roomId={message.roomId} code={message.ref} greeting={message.text} own={own} />;
  }
  return (
    <>
      {message.replyTo !== null && <Quote seq={message.replyTo} context={context} />}
      {message.imageId && <ChatImage id={message.imageId} onOpen={() => context.openImage(message.imageId!)} />}
      {message.text && <MessageText message={message} context={context} tail={tail} />}
    </>
  );
}

export function MessageRow({
  message,
  own,
  first,
  context,
  flash,
}: {
  message: ChatMessage;
  own: boolean;
  first: boolean;
  context: RowContext;
  flash: boolean;
}) {
  const { t } = useTranslation();
  const press = usePressActions(() => context.openActions(message));
  const react =
    context.react &&
    ((emoji: Parameters<NonNullable<RowContext['react']>>[1], on: boolean) => context.react?.(message.seq, emoji, on));
  const name = own ? '' : context.nameOf(message.senderUid);
  const testProps = { 'data-testid': 'chat-message', 'data-seq': message.seq, 'data-own': own };
  if (context.compact) {
    return (
      <li className={`${css.compactRow} ${flash ? css.flash : ''}`} {...testProps} {...press}>
        <span className={css.sender}>{own ? context.nameOf(message.senderUid) : name}</span>
        <Body message={message} context={context} />
        <ReactionChips message={message} onToggle={react} />
      </li>
    );
  }
  return (
    <li
      className={`${css.row} ${own ? css.own : ''} ${first ? css.first : ''} ${flash ? css.flash : ''}`}
      {...testProps}
    >
      {!own &&
        (first ? (
          <RoomAvatar
            seed={message.senderUid ?? '0'}
            person={message.senderUid}
            name={name}
            avatar={message.senderAvatar}
            size="small"
            testId="message-avatar"
          />
        ) : (
          <span className={css.spacer} />
        ))}
      <div className={css.stack}>
        {!own && first && <span className={css.sender}>{name}</span>}
        <div
          className={`${css.bubble} ${(message.text && message.kind !== 'redpacket') || message.deleted ? '' : css.imageOnly}`}
          {...press}
        >
          <Body
            message={message}
            context={context}
            tail={
              <span
                className={message.editedAt && !message.deleted ? actionsCss.metaSpaceEdited : css.metaSpace}
                aria-hidden
              />
            }
          />
          {/* Long press has no keyboard: this button, shown when focused, opens the same actions. */}
          <button
            type="button"
            className={css.more}
            onClick={() => context.openActions(message)}
            aria-label={t('chat.message.actions')}
            aria-haspopup="menu"
          >
            ⋯
          </button>
          <time className={css.meta} dateTime={message.createdAt}>
            {message.editedAt && !message.deleted && (
              <span className={actionsCss.edited} data-testid="message-edited">
                {t('chatActions.edited')}
              </span>
            )}
            {formatTime(message.createdAt)}
          </time>
        </div>
        <ReactionChips message={message} onToggle={react} />
      </div>
    </li>
  );
}

/** One of the user's messages the server has not stored yet, with where it stands and what can be done. */
export function PendingRow({ item, first, context }: { item: OutgoingMessage; first: boolean; context: RowContext }) {
  const { t } = useTranslation();
  const failed = item.status === 'failed';
  const status: ReactNode =
    item.status === 'failed' ? (
      <>
        <ExclamationCircleFill aria-hidden />
        <span>
          {t('chat.status.failed')}
          {item.error ? ` · ${item.error}` : ''}
        </span>
        <button type="button" className={css.statusButton} onClick={() => context.retry(item.clientId)}>
          {t('chat.status.retry')}
        </button>
        <button type="button" className={css.statusButton} onClick={() => context.discard(item.clientId)}>
          {t('chat.status.discard')}
        </button>
      </>
    ) : item.status === 'held' || item.status === 'rejected' ? (
      <>
        {item.status === 'held' ? <ClockCircleOutline aria-hidden /> : <ExclamationCircleFill aria-hidden />}
        <span data-testid="chat-held-status">{t(`chat.status.${item.status}`)}</span>
      </>
    ) : item.status === 'queued' ? (
      <>
        <ExclamationCircleFill aria-hidden />
        <span>{t('chat.status.queued')}</span>
      </>
    ) : (
      <>
        <ClockCircleOutline aria-hidden />
        <span>{t(item.status === 'sent' ? 'chat.status.sent' : 'chat.status.sending')}</span>
      </>
    );
  const message: ChatMessage = {
    roomId: item.roomId,
    seq: -1,
    kind: item.imageId ? 'image' : 'text',
    senderUid: context.selfUid,
    senderName: null,
    senderAvatar: null,
    text: item.text,
    imageId: item.imageId ?? null,
    replyTo: item.replyTo ?? null,
    mentions: [],
    event: null,
    targetUid: null,
    targetName: null,
    ref: null,
    deleted: false,
    createdAt: item.createdAt,
  };
  const statusLine = (
    <p
      className={`${css.status} ${failed || item.status === 'queued' || item.status === 'rejected' ? css.failed : ''}`}
      role="status"
    >
      {status}
    </p>
  );
  if (context.compact) {
    return (
      <li className={`${css.compactRow} ${css.pendingBubble}`} data-testid="chat-pending" data-status={item.status}>
        <span className={css.sender}>{context.nameOf(context.selfUid)}</span>
        <Body message={message} context={context} />
        {statusLine}
      </li>
    );
  }
  return (
    <li
      className={`${css.row} ${css.own} ${first ? css.first : ''}`}
      data-testid="chat-pending"
      data-status={item.status}
    >
      <div className={css.stack}>
        <div className={`${css.bubble} ${css.pendingBubble}`}>
          <Body message={message} context={context} />
        </div>
        {statusLine}
      </div>
    </li>
  );
}
