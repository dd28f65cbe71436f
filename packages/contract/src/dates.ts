import { z } from 'zod';
import { text } from './text.ts';

/**
 * The product's range of dates: every date or time a request carries is within it, or refused with status 400
 * naming the field. It sits well inside PostgreSQL's (4713 BC to 294276 AD) and JavaScript's (±275760) ranges, with
 * room for the arithmetic done on a date (a month later, a time zone's offset), so no accepted date can make a
 * query fail. Nothing in the product is before 1900 or after 2999.
 */
export const DATE_RANGE = {
  minYear: 1900,
  maxYear: 2999,
  minMs: Date.UTC(1900, 0, 1),
  maxMs: Date.UTC(3000, 0, 1) - 1,
} as const;

const inRange = (ms: number) => Number.isFinite(ms) && ms >= DATE_RANGE.minMs && ms <= DATE_RANGE.maxMs;

/**
 * An instant: ISO 8601 date and time with an offset (`2030-01-01T10:00:00Z`, `…+08:00`), within DATE_RANGE. `error` is
 * the catalogue key for a malformed value; out of range answers `validation.dateRange`.
 */
export function instantField(error = 'validation.invalid') {
  return text()
    .max(40)
    .pipe(z.iso.datetime({ offset: true, error }))
    .refine((value) => inRange(Date.parse(value)), { error: 'validation.dateRange' })
    .meta({ 'x-date': 'instant', examples: ['2030-01-01T10:00:00.000Z'] });
}

/** A calendar month, `YYYY-MM`, within DATE_RANGE. */
export const monthField = text()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.invalid' })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= DATE_RANGE.minYear && year <= DATE_RANGE.maxYear;
    },
    { error: 'validation.dateRange' },
  )
  .meta({ 'x-date': 'month', examples: ['2030-01'] });
