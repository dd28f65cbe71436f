import { AMOUNT_PROBLEM_KEYS, type CreateActivity, parseAmount, Status } from '@polaris/contract';
import { FieldsError } from '../../platform/errors.ts';
import type { EditableField, TicketTypePlan } from './activities.store.ts';

/** Longest activity accepted. */
const MAX_DURATION_DAYS = 30;

export type FieldProblem = { field: string; messageKey: string; params?: Record<string, string | number> };

/** The fields both create and edit check, merged with what is stored when editing. */
export type ActivityDraft = Pick<CreateActivity, EditableField> & {
  ticketTypes: NonNullable<CreateActivity['ticketTypes']>;
};

/**
 * Every rule that needs more than the schema: times against the clock, a place to be, prices in the asset's
 * decimals, sale windows, choice questions with options. Collects every problem so the form can show them all.
 */
export function checkActivity(
  draft: ActivityDraft,
  options: { now: Date; startChanged: boolean; decimals: Map<string, number> },
): { problems: FieldProblem[]; ticketTypes: TicketTypePlan[] } {
  const problems: FieldProblem[] = [];
  const startsAt = new Date(draft.startsAt);
  const endsAt = new Date(draft.endsAt);
  if (options.startChanged && startsAt <= options.now) {
    problems.push({ field: 'startsAt', messageKey: 'activity.startInPast' });
  }
  if (endsAt <= startsAt) problems.push({ field: 'endsAt', messageKey: 'activity.endBeforeStart' });
  else if (endsAt.getTime() - startsAt.getTime() > MAX_DURATION_DAYS * 86_400_000) {
    problems.push({ field: 'endsAt', messageKey: 'activity.tooLong', params: { days: MAX_DURATION_DAYS } });
  }
  if (!draft.onlineUrl && !draft.city) problems.push({ field: 'city', messageKey: 'activity.locationRequired' });
  if ((draft.latitude == null) !== (draft.longitude == null)) {
    problems.push({ field: draft.latitude == null ? 'latitude' : 'longitude', messageKey: 'validation.required' });
  }

  const ticketTypes: TicketTypePlan[] = draft.ticketTypes.map((type, index) => {
    const at = (name: string) => `ticketTypes.${index}.${name}`;
    let price = 0n;
    const text = type.price?.trim() ?? '';
    const isFree = text === '' || /^0+(\.0+)?$/.test(text);
    let assetCode: string | null = null;
    if (!isFree) {
      if (!type.asset) problems.push({ field: at('asset'), messageKey: 'activity.assetRequired' });
      else if (!options.decimals.has(type.asset))
        problems.push({ field: at('asset'), messageKey: 'wallet.unknownAsset' });
      else {
        const decimals = options.decimals.get(type.asset)!;
        const parsed = parseAmount(text, decimals);
        if ('problem' in parsed) {
          problems.push({
            field: at('price'),
            messageKey: AMOUNT_PROBLEM_KEYS[parsed.problem],
            params: { max: decimals },
          });
        } else {
          price = parsed.units;
          assetCode = type.asset;
        }
      }
    }
    const salesStart = type.salesStart ? new Date(type.salesStart) : null;
    const salesEnd = type.salesEnd ? new Date(type.salesEnd) : null;
    if (salesStart && salesEnd && salesEnd <= salesStart) {
      problems.push({ field: at('salesEnd'), messageKey: 'activity.salesWindow' });
    }
    const id = type.id && /^\d+$/.test(type.id) ? Number(type.id) : null;
    return {
      id,
      name: type.name,
      assetCode,
      price,
      capacity: type.capacity ?? null,
      salesStart,
      salesEnd,
      hidden: type.hidden ?? false,
    };
  });

  draft.questions.forEach((question, index) => {
    if (question.type === 'choice' && (question.options?.length ?? 0) < 2) {
      problems.push({ field: `questions.${index}.options`, messageKey: 'validation.required' });
    }
  });
  return { problems, ticketTypes };
}

export function throwProblems(problems: FieldProblem[]): void {
  if (problems.length > 0) throw new FieldsError(problems, Status.invalid);
}
