import type { Activity, CreateActivity, UpdateActivity } from '@polaris/contract';
import type { SeriesTemplate } from '../../../db/schema/index.ts';
import { type Occurrence, parseLocalDate, type Recurrence } from './recurrence.ts';
import type { SeriesRow } from './series.store.ts';

/**
 * A series' template and rule as the rest of the activity module takes them: the form an occurrence is created
 * with, and how an "all following" edit changes the template. Pure.
 */

/** The first activity as its organizer sees it, as the template of the next occurrences. */
export function templateOf(activity: Activity): SeriesTemplate {
  return {
    title: activity.title,
    description: activity.description,
    category: activity.category,
    coverImageId: activity.cover?.id ?? null,
    onlineUrl: activity.onlineUrl,
    city: activity.city,
    address: activity.address,
    latitude: activity.latitude,
    longitude: activity.longitude,
    capacity: activity.capacity,
    requireApproval: activity.requireApproval,
    visibility: activity.visibility,
    ticketTypes: activity.ticketTypes.map((type) => ({
      name: type.name,
      price: type.price,
      asset: type.asset,
      capacity: type.capacity,
      hidden: type.hidden,
    })),
    questions: activity.questions.map((question) => ({
      id: question.id,
      label: question.label,
      type: question.type,
      required: question.required,
      ...(question.options ? { options: question.options } : {}),
    })),
    coHosts: activity.coHosts.map((person) => person.uid),
  };
}

/** The create form of one occurrence: the template at the occurrence's times, published at once. */
export function occurrenceInput(series: SeriesRow, occurrence: Occurrence): CreateActivity {
  // The codes are made after the activity, in its transaction (SeriesService.generate).
  const { promoCodes: _codes, ...template } = series.template;
  return {
    ...template,
    category: template.category as CreateActivity['category'],
    ticketTypes: template.ticketTypes.map((type) => ({
      name: type.name,
      price: type.price,
      asset: type.asset ?? undefined,
      capacity: type.capacity,
      hidden: type.hidden ?? false,
    })),
    timezone: series.timezone,
    startsAt: occurrence.startsAt.toISOString(),
    endsAt: occurrence.endsAt.toISOString(),
    publish: true,
  };
}

export function recurrenceOf(series: SeriesRow): Recurrence {
  return {
    frequency: series.frequency as Recurrence['frequency'],
    weekOfMonth: series.weekOfMonth,
    anchor: parseLocalDate(series.anchorDate),
    startMinutes: series.startMinutes,
    durationMs: series.durationMinutes * 60_000,
    timezone: series.timezone,
    until: series.untilDate ? parseLocalDate(series.untilDate) : null,
    count: series.count,
  };
}

/** The fields of an edit other than its times and target, as they apply to every occurrence and the template. */
export type SharedChange = Omit<UpdateActivity, 'id' | 'startsAt' | 'endsAt' | 'timezone'>;

export function sharedChange(input: UpdateActivity): SharedChange {
  const { id: _id, startsAt: _start, endsAt: _end, timezone: _zone, ...rest } = input;
  return rest;
}

/** The template after an "all following" edit: what the edit names, the rest as it was. */
export function changedTemplate(template: SeriesTemplate, change: SharedChange): SeriesTemplate {
  const pick = <K extends keyof SeriesTemplate>(key: K, value: SeriesTemplate[K] | undefined) =>
    value !== undefined ? value : template[key];
  return {
    title: pick('title', change.title),
    description: pick('description', change.description),
    category: pick('category', change.category),
    coverImageId: pick('coverImageId', change.coverImageId),
    onlineUrl: pick('onlineUrl', change.onlineUrl),
    city: pick('city', change.city),
    address: pick('address', change.address),
    latitude: pick('latitude', change.latitude),
    longitude: pick('longitude', change.longitude),
    capacity: pick('capacity', change.capacity),
    requireApproval: pick('requireApproval', change.requireApproval),
    visibility: pick('visibility', change.visibility),
    ticketTypes: change.ticketTypes
      ? change.ticketTypes.map((type) => ({
          name: type.name,
          price: type.price ?? '0',
          asset: type.asset ?? null,
          capacity: type.capacity ?? null,
          hidden: type.hidden ?? false,
        }))
      : template.ticketTypes,
    questions: change.questions
      ? change.questions.map((question, index) => ({
          id: question.id ?? `q${index + 1}`,
          label: question.label,
          type: question.type,
          required: question.required,
          ...(question.options ? { options: question.options } : {}),
        }))
      : template.questions,
    coHosts: pick('coHosts', change.coHosts),
    ...(template.promoCodes ? { promoCodes: template.promoCodes } : {}),
  };
}

/**
 * An edit's ticket types for a later occurrence: a type of the edited occurrence stands for the type in the same
 * place of the later one (both were made from the template in its order); new types stay new.
 */
export function ticketTypesFor(
  types: UpdateActivity['ticketTypes'],
  editedIds: string[],
  laterIds: string[],
): UpdateActivity['ticketTypes'] {
  if (!types) return undefined;
  return types.map((type) => {
    if (type.id === undefined) return type;
    const at = editedIds.indexOf(type.id);
    const id = at >= 0 ? laterIds[at] : undefined;
    const { id: _id, ...rest } = type;
    return id !== undefined ? { ...rest, id } : rest;
  });
}
