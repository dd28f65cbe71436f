import { CHAT_LIMITS } from '@polaris/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import ui from '@/components/ui.module.css';
import css from './Composer.module.css';
import { cleanText } from './format.ts';

/**
 * A chosen photo before it is sent: the photo, a caption, Send and Cancel. The caption travels as the message's
 * text beside its image id (a chat message carries both; docs/chat.md "The composer").
 */
export function ImagePreviewSheet({
  file,
  disabled,
  onSend,
  onCancel,
}: {
  /** The chosen photo; the sheet is open while there is one. */
  file: File | null;
  /** Slow mode still counting down: the photo waits. */
  disabled: boolean;
  onSend(caption: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState('');
  const [url, setUrl] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setCaption('');
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    onSend(cleanText(caption).trim());
  };

  return (
    <Sheet visible={file !== null} onClose={onCancel} bodyStyle={{ borderRadius: '16px 16px 0 0' }}>
      <form
        className={`${ui.sheet} ${ui.form}`}
        onSubmit={submit}
        role="dialog"
        aria-modal="true"
        aria-labelledby="image-preview-title"
        data-testid="image-preview"
      >
        <h2 className={ui.sheetTitle} id="image-preview-title">
          {t('chat.composer.previewTitle')}
        </h2>
        {url && (
          <img
            className={css.previewImage}
            src={url}
            alt={t('chat.composer.previewAlt')}
            data-testid="image-preview-img"
          />
        )}
        <textarea
          ref={field}
          className={css.caption}
          rows={2}
          value={caption}
          maxLength={CHAT_LIMITS.messageLength}
          placeholder={t('chat.composer.captionPlaceholder')}
          aria-label={t('chat.composer.caption')}
          onChange={(event) => setCaption(event.target.value)}
          data-testid="image-preview-caption"
        />
        <div className={ui.actions} style={{ marginTop: 0 }}>
          <Button onClick={onCancel} data-testid="image-preview-cancel">
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" disabled={disabled} data-testid="image-preview-send">
            {t('chat.composer.send')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
