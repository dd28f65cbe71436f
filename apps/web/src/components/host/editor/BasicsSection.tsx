import { ACTIVITY_CATEGORIES, IMAGE_TYPES } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { control, Field, InputField } from '@/components/Field.tsx';
import { nativePlatform, takePhotoNatively } from '@/lib/native.ts';
import type { ActivityForm } from '../form-model.ts';
import styles from '../host.module.css';
import type { ActivityEditorState } from './useActivityEditor.ts';

/** Title, cover (upload with a preview, or remove), description, category. */
export function BasicsSection({ editor }: { editor: ActivityEditorState }) {
  const { t } = useTranslation();
  const { form, errors, set, uploading, coverShown, uploadCover, removeCover } = editor;
  return (
    <section className={styles.section} aria-labelledby="host-basics">
      <h2 className={styles.sectionTitle} id="host-basics">
        {t('host.basics')}
      </h2>
      <InputField
        id="host-title"
        label={t('host.title')}
        error={errors.title}
        value={form.title}
        maxLength={120}
        placeholder={t('host.titlePlaceholder')}
        onChange={(event) => set('title', event.target.value)}
      />
      <Field id="host-cover" label={t('host.cover')} error={errors.coverImageId}>
        {coverShown ? (
          <img className={styles.cover} src={coverShown} alt={t('host.coverAlt')} data-testid="host-cover-preview" />
        ) : (
          <div className={styles.coverEmpty}>{t('host.noCover')}</div>
        )}
        <div className={styles.segmented}>
          <label className={`${styles.segment} ${styles.center}`} style={{ justifyContent: 'center' }}>
            {uploading ? t('host.uploading') : coverShown ? t('host.changeCover') : t('host.chooseCover')}
            <input
              id="host-cover"
              type="file"
              accept={IMAGE_TYPES.join(',')}
              className="px-visually-hidden"
              data-testid="host-cover-input"
              onChange={(event) => void uploadCover(event)}
              onClick={(event) => {
                // In the app, the native picker offers the camera as well as the library.
                if (!nativePlatform()) return;
                event.preventDefault();
                void takePhotoNatively().then((photo) => photo && uploadCover(photo));
              }}
              disabled={uploading}
            />
          </label>
          {form.coverImageId && (
            <button type="button" className={styles.segment} onClick={removeCover} data-testid="host-cover-remove">
              {t('host.removeCover')}
            </button>
          )}
        </div>
      </Field>
      <Field id="host-description" label={t('host.description')} error={errors.description}>
        <textarea
          {...control('host-description', errors.description, 'textarea')}
          value={form.description}
          maxLength={5000}
          onChange={(event) => set('description', event.target.value)}
        />
      </Field>
      <Field id="host-category" label={t('host.category')} error={errors.category}>
        <select
          {...control('host-category', errors.category, 'select')}
          value={form.category}
          onChange={(event) => set('category', event.target.value as ActivityForm['category'])}
        >
          {ACTIVITY_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`activity.category.${category}`)}
            </option>
          ))}
        </select>
      </Field>
    </section>
  );
}
