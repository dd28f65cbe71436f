import type { Place } from '@polaris/contract';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppConfig } from '@/api/app.ts';
import { Frame } from '@/app/Frame.tsx';
import { Button } from '@/components/Button.tsx';
import { InputField } from '@/components/Field.tsx';
import { leavePickedLocation } from '@/components/host/handoff.ts';
import styles from '@/components/host/host.module.css';
import { PlaceSearch } from '@/components/host/PlaceSearch.tsx';
import { cityLabel } from '@/lib/city-name.ts';
import { useSettings } from '@/lib/settings.ts';

const ZOOM = 15;
const TILE = 256;

function project(lat: number, lng: number, zoom: number) {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

function unproject(x: number, y: number, zoom: number) {
  const scale = TILE * 2 ** zoom;
  const lng = (x / scale) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / scale;
  const lat = (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
  return { lat, lng };
}

const valid = (lat: string, lng: string) => {
  const a = Number(lat);
  const b = Number(lng);
  return lat.trim() !== '' && lng.trim() !== '' && Math.abs(a) <= 85 && Math.abs(b) <= 180;
};

/** /choose-location?address=&city=&lat=&lng= — answers the create / edit form and goes back to it. */
export default function ChooseLocationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const [params] = useSearchParams();
  const [address, setAddress] = useState(params.get('address') ?? '');
  const [city, setCity] = useState(params.get('city') ?? '');
  const [lat, setLat] = useState(params.get('lat') ?? '');
  const [lng, setLng] = useState(params.get('lng') ?? '');
  const [error, setError] = useState('');
  const [timezone, setTimezone] = useState<string | undefined>(undefined);
  const hasPoint = valid(lat, lng);
  const position = useMyPosition({
    found(latitude, longitude) {
      setLat(latitude);
      setLng(longitude);
      setError('');
    },
    failed: setError,
  });

  const confirm = () => {
    if (!city.trim()) {
      setError(t('location.cityRequired'));
      return;
    }
    if ((lat.trim() || lng.trim()) && !hasPoint) {
      setError(t('location.coordinatesInvalid'));
      return;
    }
    leavePickedLocation({
      address: address.trim(),
      city: city.trim(),
      latitude: lat.trim(),
      longitude: lng.trim(),
      ...(timezone ? { timezone } : {}),
    });
    navigate(-1);
  };

  /** A search result fills the fields; its zone goes back to the form with them. */
  const pickPlace = (place: Place) => {
    if (place.address) setAddress(place.address);
    setCity(cityLabel(place.city, place.cityNames, language));
    setLat(place.lat.toFixed(6));
    setLng(place.lon.toFixed(6));
    setTimezone(place.timezone);
    setError('');
  };

  const onMapClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!hasPoint) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const centre = project(Number(lat), Number(lng), ZOOM);
    const point = unproject(
      centre.x + event.clientX - rect.left - rect.width / 2,
      centre.y + event.clientY - rect.top - rect.height / 2,
      ZOOM,
    );
    setLat(point.lat.toFixed(6));
    setLng(point.lng.toFixed(6));
  };

  return (
    <Frame title={t('location.chooseTitle')}>
      <div className={styles.form} style={{ paddingBottom: 24 }}>
        <section className={styles.section}>
          <PlaceSearch onPick={pickPlace} />
        </section>
        <MapView lat={lat} lng={lng} onClick={onMapClick} />
        <section className={styles.section}>
          <Button loading={position.locating} onClick={position.locate} data-testid="location-locate">
            {t('location.useMine')}
          </Button>
          <InputField
            id="location-address"
            label={t('location.address')}
            value={address}
            maxLength={200}
            onChange={(event) => setAddress(event.target.value)}
          />
          <InputField
            id="location-city"
            label={t('location.city')}
            value={city}
            maxLength={60}
            onChange={(event) => setCity(event.target.value)}
          />
          <div className={styles.row}>
            <InputField
              id="location-lat"
              label={t('location.latitude')}
              inputMode="decimal"
              value={lat}
              onChange={(event) => setLat(event.target.value)}
            />
            <InputField
              id="location-lng"
              label={t('location.longitude')}
              inputMode="decimal"
              value={lng}
              onChange={(event) => setLng(event.target.value)}
            />
          </div>
          {error && (
            <p className={styles.error} role="alert" data-testid="location-error">
              {error}
            </p>
          )}
          <Button variant="primary" onClick={confirm} data-testid="location-confirm">
            {t('location.confirm')}
          </Button>
        </section>
      </div>
    </Frame>
  );
}

/** The device's own position, asked for once per tap; a refusal or a missing API is said in the page's words. */
function useMyPosition({ found, failed }: { found(lat: string, lng: string): void; failed(message: string): void }) {
  const { t } = useTranslation();
  const [locating, setLocating] = useState(false);
  const locate = () => {
    if (!navigator.geolocation) {
      failed(t('location.noGeolocation'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        found(position.coords.latitude.toFixed(6), position.coords.longitude.toFixed(6));
        setLocating(false);
      },
      () => {
        setLocating(false);
        failed(t('location.denied'));
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return { locating, locate };
}

function MapView({
  lat,
  lng,
  onClick,
}: {
  lat: string;
  lng: string;
  onClick(event: MouseEvent<HTMLDivElement>): void;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  // The server's MAP_TILE_URL, the one tile host its Content-Security-Policy lets images come from.
  // Tiles are decoration: the page works with typed values when they cannot load.
  const tileUrl = useAppConfig().data?.mapTileUrl;
  const point = valid(lat, lng) ? project(Number(lat), Number(lng), ZOOM) : null;
  const tiles: { key: string; src: string; left: number; top: number }[] = [];
  if (point && tileUrl) {
    const tx = Math.floor(point.x / TILE);
    const ty = Math.floor(point.y / TILE);
    for (let dx = -2; dx <= 2; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        const x = tx + dx;
        const y = ty + dy;
        tiles.push({
          key: `${x}/${y}`,
          src: tileUrl.replace('{z}', String(ZOOM)).replace('{x}', String(x)).replace('{y}', String(y)),
          left: x * TILE - point.x,
          top: y * TILE - point.y,
        });
      }
    }
  }
  return (
    <div className={styles.map} onClick={onClick} data-testid="location-map" aria-hidden>
      {!broken &&
        tiles.map((tile) => (
          <img
            key={tile.key}
            className={styles.tile}
            src={tile.src}
            alt=""
            style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
            onError={() => setBroken(true)}
          />
        ))}
      {point && <EnvironmentOutline className={styles.pin} />}
      <span className={styles.mapNote}>
        {!point ? t('location.mapNoPoint') : broken ? t('location.mapOffline') : t('location.mapTap')}
      </span>
    </div>
  );
}
