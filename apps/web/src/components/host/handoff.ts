import type { ActivityForm } from './form-model.ts';

/**
 * The create / edit form and the location picker are separate pages. While the picker is open the form is
 * parked in sessionStorage (this tab only); the picker leaves its answer next to it and goes back.
 */
const FORM_KEY = 'polarisex:host:form:';
const LOCATION_KEY = 'polarisex:host:location';

export interface PickedLocation {
  address: string;
  city: string;
  latitude: string;
  longitude: string;
  /** The picked place's IANA zone, which becomes the activity's. */
  timezone?: string;
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function parkForm(key: string, form: ActivityForm): void {
  session()?.setItem(FORM_KEY + key, JSON.stringify(form));
}

/** The parked form, with the picked location applied when the picker left one (read only; see clearParked). */
export function unparkForm(key: string): ActivityForm | null {
  const store = session();
  const text = store?.getItem(FORM_KEY + key);
  if (!store || !text) return null;
  try {
    const form = JSON.parse(text) as ActivityForm;
    const picked = readPickedLocation();
    return picked ? { ...form, ...picked, mode: 'venue' } : form;
  } catch {
    return null;
  }
}

/** Once the form has taken the parked copy over. */
export function clearParked(key: string): void {
  session()?.removeItem(FORM_KEY + key);
  session()?.removeItem(LOCATION_KEY);
}

export function leavePickedLocation(location: PickedLocation): void {
  session()?.setItem(LOCATION_KEY, JSON.stringify(location));
}

function readPickedLocation(): PickedLocation | null {
  const store = session();
  const text = store?.getItem(LOCATION_KEY);
  if (!store || !text) return null;
  try {
    return JSON.parse(text) as PickedLocation;
  } catch {
    return null;
  }
}
