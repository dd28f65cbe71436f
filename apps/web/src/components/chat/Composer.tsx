import { CHAT_LIMITS, type ChatMessage, type ChatRoom, TOAST_DURATION_MS } from '@polaris/contract';
import { DotLoading, Toast } from 'antd-mobile';
import { AddCircleOutline, CloseOutline, GiftOutline, PictureOutline, StarOutline } from 'antd-mobile-icons';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { uploadImage } from '@/api/activity-manage.ts';
import { href, PATHS } from '@/app/paths.ts';
import { isApiError } from '@/lib/api-error.ts';
import type { OutgoingBody } from '@/lib/chat-outbox.ts';
import css from './Composer.module.css';
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
}

/** The counter shows once the text is this close to the limit. */
const COUNTER_FROM = CHAT_LIMITS.messageLength - 200;

/**
 * Writing to a room: text up to the limit, a photo, a reply to a message, and the "+" panel (photo, red
 * packet, bounty). A room the user cannot write to says why instead: closed, muted, or in slow mode between
 * messages.
 */
/** The message box's id: the room's skip link (RoomConversation) moves focus here. */
export const COMPOSER_INPUT_ID = 'chat-composer-input';

export function Composer({
  room,
  selfUid,
  replyTo,
  replyName,
  onCancelReply,
  onSend,
  onTyping,
  compact,
}: ComposerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [panel, setPanel] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [nextAt, setNextAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const slow = room.slowModeSeconds > 0 && !room.abilities.moderate ? room.slowModeSeconds : 0;
  const wait = Math.max(0, Math.ceil((nextAt - now) / 1000));
  const fit = (element: HTMLTextAreaElement | null) => {
    // The field grows with what is typed, up to its CSS max-height.
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  };

  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  if (room.closedAt) return <p className={css.notice}>{t('chat.room.closed')}</p>;
  if (!room.abilities.send) {
    return (
      <p className={css.notice} data-testid="composer-muted">
        {t('chat.room.muted')}
      </p>
    );
  }

  const sent = () => {
    if (slow > 0) {
      setNow(Date.now());
      setNextAt(Date.now() + slow * 1000);
    }
  };

  const send = (body: OutgoingBody) => {
    onSend(replyTo ? { ...body, replyTo: replyTo.seq } : body);
    onCancelReply();
    sent();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const value = cleanText(text).trim();
    if (!value || wait > 0) return;
    send({ text: value });
    setText('');
    requestAnimationFrame(() => fit(input.current));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line; never while an input method is composing (Chinese, Japanese).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  /** A chosen photo opens the preview sheet; it is uploaded and sent, with its caption, from there. */
  const pickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setPanel(false);
    setPicked(chosen);
  };

  const sendPhoto = async (chosen: File, caption: string) => {
    setPicked(null);
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
  };

  const length = text.length;
  return (
    <div className={`${css.composer} ${compact ? css.compact : ''}`} data-testid="composer">
      {replyTo && (
        <div className={css.strip} data-testid="composer-reply">
          <span className={css.stripText}>
            <span className={css.stripName}>{t('chat.message.replyTo', { name: replyName })}</span>{' '}
            {messageSummary(replyTo, t, selfUid)}
          </span>
          <button
            type="button"
            className={css.stripClose}
            onClick={onCancelReply}
            aria-label={t('chat.composer.cancelReply')}
          >
            <CloseOutline aria-hidden />
          </button>
        </div>
      )}
      {uploading && (
        <div className={css.strip} role="status">
          <img className={css.preview} src={uploading} alt="" />
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
              setText(event.target.value);
              fit(event.target);
              if (event.target.value) onTyping?.();
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setPanel(false)}
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
        <button type="submit" className={css.send} disabled={!text.trim() || wait > 0} data-testid="composer-send">
          {t('chat.composer.send')}
        </button>
      </form>
      {panel && (
        <div className={css.panel} id="composer-panel" data-testid="composer-panel">
          <button
            type="button"
            className={css.tile}
            onClick={() => file.current?.click()}
            disabled={uploading !== null || wait > 0}
          >
            <span className={css.tileIcon}>
              <PictureOutline aria-hidden />
            </span>
            {t('chat.composer.photo')}
          </button>
          <button
            type="button"
            className={css.tile}
            onClick={() => navigate(href(PATHS.chatRedPacket, { roomId: room.id }))}
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
            onClick={() => navigate(href(PATHS.chatBountyCreate, { roomId: room.id }))}
            data-testid="composer-bounty"
          >
            <span className={css.tileIcon}>
              <StarOutline aria-hidden />
            </span>
            {t('chat.composer.bounty')}
          </button>
        </div>
      )}
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
        onSend={(caption) => picked && void sendPhoto(picked, caption)}
        onCancel={() => setPicked(null)}
      />
    </div>
  );
}
