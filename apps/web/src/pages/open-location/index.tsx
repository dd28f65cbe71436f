import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { Button } from '@/components/Button.tsx';
import styles from '@/components/host/host.module.css';

/** /open-location?lat=&lng=&name= — the place, and hand-offs to the device's map app. */
export default function OpenLocationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const name = params.get('name') ?? '';
  const ok = params.get('lat') !== null && params.get('lng') !== null && Number.isFinite(lat) && Number.isFinite(lng);
  const label = encodeURIComponent(name);
  return (
    <Frame title={t('location.openTitle')}>
      <section className={`${styles.section} ${styles.center}`} data-testid="open-location">
        <h2 className={styles.sectionTitle} data-testid="open-location-name">
          {name || t('location.unnamed')}
        </h2>
        {ok ? (
          <>
            <p className={styles.hint} data-testid="open-location-coordinates">
              {lat.toFixed(6)}, {lng.toFixed(6)}
            </p>
            <Button
              variant="primary"
              block
              onClick={() => {
                window.location.href = `geo:${lat},${lng}?q=${lat},${lng}${name ? `(${label})` : ''}`;
              }}
              data-testid="open-location-geo"
            >
              {t('location.openApp')}
            </Button>
            <a
              className={styles.hint}
              href={`https://www.google.com/maps/search/?api=1&query=${lat},${lng}`}
              target="_blank"
              rel="noreferrer"
              data-testid="open-location-web"
            >
              {t('location.openWeb')}
            </a>
            <a
              className={styles.hint}
              href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`}
              target="_blank"
              rel="noreferrer"
              data-testid="open-location-osm"
            >
              OpenStreetMap
            </a>
          </>
        ) : (
          <p className={styles.error} role="alert" data-testid="open-location-invalid">
            {t('location.noPoint')}
          </p>
        )}
      </section>
    </Frame>
  );
}
