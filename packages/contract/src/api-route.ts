import type { z } from 'zod';

/**
 * One call of the API as both sides know it (docs/decisions.md "One typed seam"): its method and path at runtime,
 * what it takes and answers as types only. A screen's code calls it through the web client (`api.call`) and
 * carries no schema, so zod stays out of the first screen. The schemas are paired with it once, in the module's
 * `routes/<module>.schemas.ts` (`withSchemas`): the server registers that pairing, and the web's development and
 * test builds parse every answer with it.
 */
export interface ApiRoute<In = unknown, Out = unknown> {
  readonly method: 'GET' | 'POST';
  /** Below the API base, e.g. `/bounty/list`. */
  readonly path: string;
  /** Types only: never set at runtime. */
  readonly types?: { readonly input: In; readonly output: Out };
}

/** What the call takes: the input schema's input (fields with defaults may be left out). */
export type ApiInput<R> = R extends ApiRoute<infer In, unknown> ? In : never;
/** What the call answers: the output schema's output (what the server's whitelist sends). */
export type ApiOutput<R> = R extends ApiRoute<unknown, infer Out> ? Out : never;

/** A route of the table, typed by its schemas (`typeof Input`, `typeof Output`), which it does not hold. */
export function route<I extends z.ZodType, O extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
): ApiRoute<z.input<I>, z.output<O>> {
  return { method, path };
}

/** A route with its schemas: what the server registers. */
export interface RouteSchemas<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly input: I;
  readonly output: O;
}

/**
 * Pairs a route with the schemas its types came from; a schema that does not give the route's types is a type
 * error here, so the table and the server cannot drift apart.
 */
export function withSchemas<I extends z.ZodType, O extends z.ZodType>(
  api: ApiRoute<z.input<I>, z.output<O>>,
  input: I,
  output: O,
): RouteSchemas<I, O> {
  return { method: api.method, path: api.path, input, output };
}
