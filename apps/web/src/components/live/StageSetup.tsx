import { LiveStageCreateInput } from '@polaris/contract';
import { Selector } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadedImage, uploadImage } from '@/api/activity-manage.ts';
import { useCreateStage } from '@/api/live.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { TextField } from '@/components/TextField.tsx';
import { apiAsset } from '@/lib/api-origin.ts';
import css from './live.module.css';

/**
 * Title, cover and audience of a new live stage, in a chat room when `room` is given (its owner and admins go live
 * there, and "room members" means that room's members); hands the created stage's id on.
 */
export function StageSetup({ room, onCreated }: { room?: { id: string; name: string }; onCreated(id: string): void }) {
  const { t } = useTranslation();
  const create = useCreateStage();
  const [title, setTitle] = useState('');
  const [audience, setAudience] = useState<'link' | 'members'>(room ? 'members' : 'link');
  const [cover, setCover] = useState<UploadedImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();

  const pickCover = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      setCover(await uploadImage(file));
    } catch (failure) {
      toastUnreported(failure);
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = LiveStageCreateInput.safeParse({ title, audience });
    if (!checked.success) return setError(t('contract:validation.required', { field: t('live.stageTitle') }));
    setError(undefined);
    create.mutate(
      { title: checked.data.title, audience, coverImageId: cover?.id, roomId: room?.id },
      { onSuccess: (stage) => onCreated(stage.id) },
    );
  };

  return (
    <form className={css.body} onSubmit={submit}>
      {room && (
        <span className={css.muted} data-testid="live-room">
          {t('live.forRoom', { name: room.name })}
        </span>
      )}
      <TextField
        id="live-title"
        testId="live-title"
        label={t('live.stageTitle')}
        placeholder={t('live.stageTitlePlaceholder')}
        value={title}
        onChange={setTitle}
        error={error}
        maxLength={80}
      />
      <span className={css.muted}>{t('live.cover')}</span>
      <div className={css.actions}>
        {cover ? (
          <>
            <img
              src={cover.sizes[0] && apiAsset(cover.sizes[0].url)}
              alt=""
              style={{ width: 120, aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 8 }}
              data-testid="live-cover-preview"
            />
            <Button variant="text" size="small" onClick={() => setCover(null)}>
              {t('live.coverRemove')}
            </Button>
          </>
        ) : (
          <label className="adm-button adm-button-default adm-button-small adm-button-shape-rounded">
            <PictureOutline aria-hidden /> {uploading ? t('live.coverUploading') : t('live.coverAdd')}
            <input
              type="file"
              accept="image/*"
              hidden
              disabled={uploading}
              onChange={(event) => void pickCover(event)}
              data-testid="live-cover-input"
            />
          </label>
        )}
      </div>
      <span className={css.muted}>{t('live.audience')}</span>
      <Selector
        value={[audience]}
        onChange={(value) => value[0] && setAudience(value[0])}
        options={[
          { label: t('live.audienceLink'), value: 'link' as const },
          { label: t('live.audienceMembers'), value: 'members' as const },
        ]}
      />
      <Button
        variant="primary"
        type="submit"
        block
        loading={create.isPending}
        disabled={uploading}
        data-testid="live-create"
      >
        {t('live.create')}
      </Button>
    </form>
  );
}
