import type { TFunction } from 'i18next';
import { displayName } from '@/components/chat/format.ts';

/** A person as the red packet screens name them: their name, or "User <uid>" for someone who set none. */
export const nameOf = (t: TFunction, person: { name: string; uid: string }) => displayName(t, person.name, person.uid);
