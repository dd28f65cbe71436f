/**
 * A PostgreSQL array literal for one bound parameter (`${pgArray(ids)}::bigint[]`). Drizzle's `sql` spreads a
 * JavaScript array into a list of parameters, and the two drivers (node-postgres, PGlite) serialise arrays
 * differently; one text parameter cast on the database side means the same to both. Every element is quoted,
 * which every element type's input accepts.
 */
export function pgArray(values: readonly (string | number | bigint)[]): string {
  return `{${values.map((value) => `"${String(value).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
