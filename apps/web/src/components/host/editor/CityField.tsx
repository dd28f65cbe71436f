import type { Place } from '@polaris/contract';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceSearch } from '@/api/places.ts';
import { control, Field } from '@/components/Field.tsx';
import ui from '@/components/ui.module.css';
import { useSettings } from '@/lib/settings.ts';
import styles from '../host.module.css';
import type { ActivityEditorState } from './useActivityEditor.ts';
import { zoneOption } from './zone-labels.ts';

/**
 * The venue's city: typed freely, with the catalogue's cities matching what is typed offered under it (GET
 * /places/search, any language or spelling). Picking one writes its name in the reader's language (the server files
 * it by the city's id) and sets the activity's time zone to the city's.
 */
export function CityField({ editor }: { editor: ActivityEditorState }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const { form, errors, set } = editor;
  const [open, setOpen] = useState(false);
  const [zoneSet, setZoneSet] = useState<string | null>(null);
  const search = usePlaceSearch(open ? form.city : '');
  const cities = (search.data?.items ?? []).filter((place) => place.kind === 'city').slice(0, 5);
  const pick = (place: Place) => {
    set('city', place.name);
    set('timezone', place.timezone);
    setZoneSet(zoneOption(place.timezone, language).label);
    setOpen(false);
  };
  return (
    <Field id="host-city" label={t('host.city')} error={errors.city} hint={zoneSet ? undefined : t('host.cityHint')}>
      <input
        {...control('host-city', errors.city, 'input')}
        value={form.city}
        maxLength={60}
        autoComplete="off"
        // Only while the list is there: an id that names nothing is an invalid reference (axe: aria-valid-attr-value).
        aria-controls={open && cities.length > 0 ? 'host-city-suggestions' : undefined}
        onChange={(event) => {
          set('city', event.target.value);
          setOpen(true);
          setZoneSet(null);
        }}
      />
      {open && cities.length > 0 && (
        <div
          className={ui.list}
          id="host-city-suggestions"
          role="listbox"
          aria-label={t('host.citySuggestions')}
          data-testid="host-city-suggestions"
        >
          {cities.map((place) => (
            <button
              key={`${place.city}-${place.lat}`}
              type="button"
              role="option"
              aria-selected={false}
              className={ui.row}
              onClick={() => pick(place)}
              data-testid={`host-city-option-${place.city}`}
            >
              <EnvironmentOutline aria-hidden />
              <span className={ui.rowMain}>
                <span className={ui.rowTitle}>{place.name}</span>
                <span className={ui.rowSub}> · {zoneOption(place.timezone, language).label}</span>
              </span>
            </button>
          ))}
        </div>
      )}
      {zoneSet && (
        <p className={styles.hint} data-testid="host-zone-set">
          {t('location.zoneSet', { zone: zoneSet })}
        </p>
      )}
    </Field>
  );
}
