import { CHAT_LIMITS, type ChatMessage, type ChatRoom, TOAST_DURATION_MS } from '@polaris/contract';
import { DotLoading, Toast } from 'antd-mobile';
import {
  AddCircleOutline,
  CloseOutline,
  GiftOutline,
  PictureOutline,
  StarOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { uploadImage } from '@/api/activity-manage.ts';
import { href, PATHS } from '@/app/paths.ts';
import { isApiError } from '@/lib/api-error.ts';
import type { OutgoingBody } from '@/lib/chat-outbox.ts';
import css from './Composer.module.css';
import { CreatePollSheet } from './CreatePollSheet.tsx';
import { EditStrip } from './EditStrip.tsx';
import { cleanText, messageSummary } from './format.ts';
import { ImagePreviewSheet } from './ImagePreviewSheet.tsx';

export interface ComposerProps {
  room: ChatRoom;
  selfUid: string | null;
  replyTo: ChatMessage | null;
  replyName: string;
  onCancelReply(): void;
  onSend(body: OutgoingBody): void;
  onTyping?(): void;
  compact?: boolean;
  /** An own message being edited: its text fills the field and the button saves it (docs/chat.md "Reactions, editing and pins"). */
  editing?: ChatMessage | null;
  onCancelEdit?(): void;
  onEdit?(seq: number, text: string): void;
}

/** The counter shows once the text is this close to the limit. */
const COUNTER_FROM = CHAT_LIMITS.messageLength - 200;

/** The message box's id: the room's skip link (RoomConversation) moves focus here. */
export const COMPOSER_INPUT_ID = 'chat-composer-input';

/**
 * Writing to a room: text up to the limit, a photo, a reply to a message, and the "+" panel (photo, red
 * packet, bounty). A room the user cannot write to says why instead: closed, muted, or in slow mode between
 * messages.
 */
export function Composer({
  room,
  selfUid,
  replyTo,
  replyName,
  onCancelReply,
  onSend,
  onTyping,
  compact,
  editing = null,
  onCancelEdit,
  onEdit,
}: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [panel, setPanel] = useState(false);
  const [picked, setPicked] = useState<File | null>(null);
  const [polling, setPolling] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const slowMode = useSlowMode(room);
  const { slow, wait } = slowMode;

  const send = (body: OutgoingBody) => {
    onSend(replyTo ? { ...body, replyTo: replyTo.seq } : body);
    onCancelReply();
    slowMode.sent();
  };
  const photo = usePhotoSend(send);

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);
  useEffect(() => {
    if (!editing) return;
    setText(editing.text);
    input.current?.focus();
    requestAnimationFrame(() => fitToText(input.current));
  }, [editing]);

  if (room.closedAt) return <p className={css.notice}>{t('chat.room.closed')}</p>;
  if (!room.can.send) {
    return (
      <p className={css.notice} data-testid="composer-muted">
        {t('chat.room.muted')}
      </p>
    );
  }

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const value = cleanText(text).trim();
    if (editing && value) {
      onEdit?.(editing.seq, value);
      onCancelEdit?.();
      setText('');
      return;
    }
    if (!value || wait > 0) return;
    send({ text: value });
    setText('');
    requestAnimationFrame(() => fitToText(input.current));
    input.current?.focus();
  };

  /** A chosen photo opens the preview sheet; it is uploaded and sent, with its caption, from there. */
  const pickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setPanel(false);
    setPicked(chosen);
  };

  return (
    <div className={`${css.composer} ${compact ? css.compact : ''}`} data-testid="composer">
      {editing && (
        <EditStrip
          message={editing}
          onCancel={() => {
            onCancelEdit?.();
            setText('');
          }}
        />
      )}
      {replyTo && <ReplyStrip replyTo={replyTo} replyName={replyName} selfUid={selfUid} onCancel={onCancelReply} />}
      {photo.uploading && (
        <div className={css.strip} role="status">
          <img className={css.preview} src={photo.uploading} alt="" />
          <span className={css.stripText}>{t('chat.composer.uploading')}</span>
          <DotLoading />
        </div>
      )}
      {slow > 0 && (
        <p className={css.strip} data-testid="composer-slow">
          {wait > 0 ? t('chat.composer.slowWait', { seconds: wait }) : t('chat.composer.slowMode', { seconds: slow })}
        </p>
      )}
      <form className={css.bar} onSubmit={submit}>
        <button
          type="button"
          className={css.iconButton}
          onClick={() => setPanel((open) => !open)}
          aria-expanded={panel}
          aria-controls="composer-panel"
          aria-label={t('chat.composer.more')}
          data-testid="composer-more"
        >
          <AddCircleOutline aria-hidden />
        </button>
        <MessageField
          input={input}
          text={text}
          onChange={(value) => {
            setText(value);
            if (value) onTyping?.();
          }}
          onEnter={() => submit()}
          onFocus={() => setPanel(false)}
        />
        <button
          type="submit"
          className={css.send}
          disabled={!text.trim() || (wait > 0 && !editing)}
          data-testid="composer-send"
        >
          {editing ? t('chatActions.save') : t('chat.composer.send')}
        </button>
      </form>
      {panel && (
        <ComposerPanel
          roomId={room.id}
          photoDisabled={photo.uploading !== null || wait > 0}
          onPhoto={() => file.current?.click()}
          onPoll={
            room.can.postPoll
              ? () => {
                  setPanel(false);
                  setPolling(true);
                }
              : undefined
          }
        />
      )}
      {room.can.postPoll && <CreatePollSheet room={room} open={polling} onClose={() => setPolling(false)} />}
      <input
        ref={file}
        className={css.hidden}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={pickPhoto}
        data-testid="composer-file"
        tabIndex={-1}
        aria-hidden
      />
      <ImagePreviewSheet
        file={picked}
        disabled={wait > 0}
        onSend={(caption) => {
          if (!picked) return;
          setPicked(null);
          void photo.send(picked, caption);
        }}
        onCancel={() => setPicked(null)}
      />
    </div>
  );
}

/** The field grows with what is typed, up to its CSS max-height. */
function fitToText(element: HTMLTextAreaElement | null) {
  if (!element) return;
  element.style.height = 'auto';
  element.style.height = `${element.scrollHeight + 2}px`;
}

/** Slow mode for those who do not moderate: the seconds between messages, and how many are left to wait. */
function useSlowMode(room: ChatRoom) {
  const [nextAt, setNextAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const slow = room.slowModeSeconds > 0 && !room.can.moderate ? room.slowModeSeconds : 0;
  const wait = Math.max(0, Math.ceil((nextAt - now) / 1000));
  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);
  return {
    slow,
    wait,
    sent() {
      if (slow === 0) return;
      setNow(Date.now());
      setNextAt(Date.now() + slow * 1000);
    },
  };
}

/** Uploads a photo, showing it as it goes, then sends it with its caption. */
function usePhotoSend(send: (body: OutgoingBody) => void) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<string | null>(null);
  return {
    uploading,
    async send(chosen: File, caption: string) {
      const preview = URL.createObjectURL(chosen);
      setUploading(preview);
      try {
        const image = await uploadImage(chosen);
        send({ text: caption, imageId: image.id });
      } catch (error) {
        // A refusal the request layer left to us (type, size) in the server's words; anything else was shown.
        if (isApiError(error) && error.unreported) {
          Toast.show({
            content: error.fields[0]?.message ?? t('chat.composer.uploadFailed'),
            duration: TOAST_DURATION_MS,
          });
        }
      } finally {
        setUploading(null);
        URL.revokeObjectURL(preview);
      }
    },
  };
}

function ReplyStrip({
  replyTo,
  replyName,
  selfUid,
  onCancel,
}: {
  replyTo: ChatMessage;
  replyName: string;
  selfUid: string | null;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className={css.strip} data-testid="composer-reply">
      <span className={css.stripText}>
        <span className={css.stripName}>{t('chat.message.replyTo', { name: replyName })}</span>{' '}
        {messageSummary(replyTo, t, selfUid)}
      </span>
      <button type="button" className={css.stripClose} onClick={onCancel} aria-label={t('chat.composer.cancelReply')}>
        <CloseOutline aria-hidden />
      </button>
    </div>
  );
}

/** The message box, with a counter near the limit. Enter sends, Shift+Enter starts a new line. */
function MessageField({
  input,
  text,
  onChange,
  onEnter,
  onFocus,
}: {
  input: RefObject<HTMLTextAreaElement>;
  text: string;
  onChange(value: string): void;
  onEnter(): void;
  onFocus(): void;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Never while an input method is composing (Chinese, Japanese).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onEnter();
    }
  };
  const length = text.length;
  return (
    <div className={css.field}>
      <textarea
        ref={input}
        id={COMPOSER_INPUT_ID}
        className={css.input}
        rows={1}
        value={text}
        maxLength={CHAT_LIMITS.messageLength}
        placeholder={t('chat.composer.placeholder')}
        aria-label={t('chat.composer.label')}
        onChange={(event) => {
          onChange(event.target.value);
          fitToText(event.target);
        }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        enterKeyHint="send"
        data-testid="composer-input"
      />
      {length >= COUNTER_FROM && (
        <span
          className={`${css.counter} ${length >= CHAT_LIMITS.messageLength ? css.counterFull : ''}`}
          aria-live="polite"
          data-testid="composer-counter"
        >
          {t('chat.composer.counter', { count: length, max: CHAT_LIMITS.messageLength })}
        </span>
      )}
    </div>
  );
}

/** The "+" panel: a photo, a red packet or a bounty for this room. */
function ComposerPanel({
  roomId,
  photoDisabled,
  onPhoto,
  onPoll,
}: {
  roomId: string;
  photoDisabled: boolean;
  onPhoto(): void;
  /** Only for those who may post a poll (`can.postPoll`). */
  onPoll?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={css.panel} id="composer-panel" data-testid="composer-panel">
      <button type="button" className={css.tile} onClick={onPhoto} disabled={photoDisabled}>
        <span className={css.tileIcon}>
          <PictureOutline aria-hidden />
        </span>
        {t('chat.composer.photo')}
      </button>
      <button
        type="button"
        className={css.tile}
        onClick={() => navigate(href(PATHS.chatRedPacket, { roomId }))}
        data-testid="composer-red-packet"
      >
        <span className={css.tileIcon}>
          <GiftOutline aria-hidden />
        </span>
        {t('chat.composer.redPacket')}
      </button>
      <button
        type="button"
        className={css.tile}
        onClick={() => navigate(href(PATHS.chatBountyCreate, { roomId }))}
        data-testid="composer-bounty"
      >
        <span className={css.tileIcon}>
          <StarOutline aria-hidden />
        </span>
        {t('chat.composer.bounty')}
      </button>
      {onPoll && (
        <button type="button" className={css.tile} onClick={onPoll} data-testid="composer-poll">
          <span className={css.tileIcon}>
            <UnorderedListOutline aria-hidden />
          </span>
          {t('chatPoll.entry')}
        </button>
      )}
    </div>
  );
}
