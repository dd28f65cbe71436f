import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { InputField } from '@/components/Field.tsx';
import styles from '../host.module.css';
import { CityField } from './CityField.tsx';
import type { ActivityEditorState } from './useActivityEditor.ts';

/** In person (city, address, coordinates from the location picker) or online (a link). */
export function WhereSection({ editor }: { editor: ActivityEditorState }) {
  const { t } = useTranslation();
  const { form, errors, set, pickLocation } = editor;
  return (
    <section className={styles.section} aria-labelledby="host-where">
      <h2 className={styles.sectionTitle} id="host-where">
        {t('host.where')}
      </h2>
      <div className={styles.segmented} role="radiogroup" aria-label={t('host.where')}>
        {(['venue', 'online'] as const).map((mode) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={form.mode === mode}
            className={`${styles.segment} ${form.mode === mode ? styles.segmentOn : ''}`}
            onClick={() => set('mode', mode)}
            data-testid={`host-mode-${mode}`}
          >
            {t(`host.mode.${mode}`)}
          </button>
        ))}
      </div>
      {form.mode === 'online' ? (
        <InputField
          id="host-online-url"
          label={t('host.onlineUrl')}
          error={errors.onlineUrl}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={form.onlineUrl}
          onChange={(event) => set('onlineUrl', event.target.value)}
        />
      ) : (
        <>
          <CityField editor={editor} />
          <InputField
            id="host-address"
            label={t('host.address')}
            error={errors.address}
            value={form.address}
            maxLength={200}
            onChange={(event) => set('address', event.target.value)}
          />
          {(errors.latitude || errors.longitude) && (
            <p className={styles.error} role="alert" data-testid="host-coordinates-error">
              {errors.latitude ?? errors.longitude}
            </p>
          )}
          <p className={styles.hint} data-testid="host-coordinates">
            {form.latitude && form.longitude
              ? t('host.coordinates', { lat: form.latitude, lon: form.longitude })
              : t('host.noCoordinates')}
          </p>
          <Button onClick={pickLocation} data-testid="host-pick-location">
            {t('host.pickLocation')}
          </Button>
        </>
      )}
    </section>
  );
}
