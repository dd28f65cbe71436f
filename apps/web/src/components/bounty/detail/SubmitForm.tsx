import { BOUNTY_LIMITS, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '@/api/activity-manage.ts';
import { type Bounty, useSubmitBounty } from '@/api/bounty.ts';
import { Button } from '@/components/Button.tsx';
import { chatImageUrl } from '@/components/chat/format.ts';
import field from '@/components/Field.module.css';
import { control, Field, InputField } from '@/components/Field.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import { checkSubmission, type SubmissionField } from '@/lib/bounty.ts';
import { processedBounties } from '@/lib/processed-memory.ts';
import styles from '../bounty.module.css';

type Errors = Partial<Record<SubmissionField, string>>;

/**
 * The submission: a text, a link and an image as the bounty asks (each one it asks for is required). A bounty
 * posted in a chat room is remembered as dealt with there once submitted (SPEC §3), so its card says so.
 */
export function SubmitForm({ bounty, onDone }: { bounty: Bounty; onDone?(): void }) {
  const { t } = useTranslation();
  const submit = useSubmitBounty();
  const [text, setText] = useState('');
  const [link, setLink] = useState('');
  const [imageId, setImageId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const file = useRef<HTMLInputElement>(null);
  const asks = (kind: SubmissionField) => bounty.submitKinds.includes(kind);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setUploading(true);
    try {
      const image = await uploadImage(chosen);
      setImageId(image.id);
      setErrors((current) => ({ ...current, image: undefined }));
    } catch (error) {
      if (isApiError(error) && error.unreported) {
        setErrors((current) => ({ ...current, image: error.fields[0]?.message ?? error.message }));
      }
    } finally {
      setUploading(false);
    }
  };

  const send = () => {
    const problems = checkSubmission(bounty.submitKinds, { text, link, imageId });
    const found: Errors = {};
    for (const [field, problem] of Object.entries(problems)) {
      found[field as SubmissionField] = t(problem.key, problem.params ?? {});
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || submit.isPending) return;
    submit.mutate(
      { id: bounty.id, text: text.trim(), link: link.trim() || undefined, imageId: imageId ?? undefined },
      {
        onSuccess: () => {
          if (bounty.roomId) processedBounties.add(bounty.roomId, bounty.id);
          Toast.show({ content: t('bounty.submit.done'), duration: TOAST_DURATION_MS });
          onDone?.();
        },
        onError: (error) => reportFormError(error, ['text', 'link', 'imageId'], (fields) => setErrors(renamed(fields))),
      },
    );
  };

  return (
    <form
      className={`${ui.card} ${ui.form}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      data-testid="bounty-submit-form"
      aria-labelledby="bounty-submit-title"
    >
      <h2 className={styles.panelTitle} id="bounty-submit-title" style={{ margin: 0 }}>
        {t('bounty.submit.title')}
      </h2>
      <Field
        id="bounty-submit-text"
        label={
          <>
            {t('bounty.kind.text')}
            {!asks('text') && <span className={ui.hint}> · {t('bounty.submit.optional')}</span>}
          </>
        }
        error={errors.text}
      >
        <textarea
          {...control('bounty-submit-text', errors.text, 'textarea')}
          maxLength={BOUNTY_LIMITS.submissionTextMax}
          value={text}
          placeholder={t('bounty.submit.textPlaceholder')}
          onChange={(event) => {
            setText(event.target.value);
            setErrors((current) => ({ ...current, text: undefined }));
          }}
        />
      </Field>
      {(asks('link') || link !== '') && (
        <InputField
          id="bounty-submit-link"
          label={t('bounty.kind.link')}
          error={errors.link}
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={BOUNTY_LIMITS.linkMax}
          placeholder="https://"
          value={link}
          onChange={(event) => {
            setLink(event.target.value);
            setErrors((current) => ({ ...current, link: undefined }));
          }}
        />
      )}
      {asks('image') && (
        <div className={field.field}>
          <span className={field.label}>{t('bounty.kind.image')}</span>
          <div className={styles.imagePick}>
            {imageId && <img className={styles.thumb} src={chatImageUrl(imageId, 320)} alt="" />}
            <Button
              size="small"
              loading={uploading}
              onClick={() => file.current?.click()}
              data-testid="bounty-submit-image"
            >
              <PictureOutline aria-hidden /> {imageId ? t('bounty.submit.changeImage') : t('bounty.submit.addImage')}
            </Button>
          </div>
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            onChange={(event) => void pick(event)}
            data-testid="bounty-submit-file"
          />
          {errors.image && (
            <p className={ui.error} role="alert" data-testid="bounty-submit-image-error">
              {errors.image}
            </p>
          )}
        </div>
      )}
      <Button
        variant="primary"
        type="submit"
        block
        loading={submit.isPending}
        disabled={uploading}
        data-testid="bounty-submit"
      >
        {t('bounty.submit.send')}
      </Button>
    </form>
  );
}

/** The server names the image `imageId`; this form shows it under `image`. */
function renamed(fields: Record<string, string | undefined>): Errors {
  const { imageId, ...rest } = fields;
  return { ...rest, ...(imageId ? { image: imageId } : {}) };
}
