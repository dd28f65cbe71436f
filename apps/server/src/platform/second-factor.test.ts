import {
  API_BASE,
  EmptyOutput,
  NO_SECOND_FACTOR,
  SECOND_FACTOR_FIELD,
  SECOND_FACTOR_OPERATIONS,
  totpCodeField,
  undecidedSensitivePaths,
} from '@polaris/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app.ts';
import { Router } from './router.ts';
import { MemoryNonceStore } from './signed-requests.ts';

/**
 * The second-factor policy is one table (the contract's SECOND_FACTOR_OPERATIONS) that the router consults. These
 * tests make it impossible to add a sensitive route without deciding: every path that looks sensitive is in the
 * table or in NO_SECOND_FACTOR with its reason, and the router refuses to register a table route without the field.
 */

let t: TestApp;
let routes: { path: string; method: string; fields: string[]; secondFactor: boolean }[];
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
  const paths = response.json().paths as Record<string, Record<string, Record<string, unknown>>>;
  routes = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const body = (operation.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })
        ?.content?.['application/json']?.schema?.properties;
      const query = ((operation.parameters ?? []) as { name: string; in: string }[])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      return {
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        method,
        fields: [...Object.keys(body ?? {}), ...query],
        secondFactor: operation['x-second-factor'] === SECOND_FACTOR_FIELD,
      };
    }),
  );
});
afterAll(() => t.close());

describe('the second-factor table', () => {
  it('has a decision for every route whose path looks sensitive', () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(undecidedSensitivePaths(routes.map((route) => route.path))).toEqual([]);
  });

  it('would catch a new sensitive route added without a decision', () => {
    const tomorrow = [...routes.map((route) => route.path), '/wallet/withdraw/fast', '/user/email/bind'];
    expect(undecidedSensitivePaths(tomorrow)).toEqual(['/wallet/withdraw/fast', '/user/email/bind']);
  });

  it('names only routes that exist, and no route is both in the table and exempt', () => {
    const paths = new Set(routes.map((route) => route.path));
    for (const path of [...Object.keys(SECOND_FACTOR_OPERATIONS), ...Object.keys(NO_SECOND_FACTOR)]) {
      expect(paths.has(path), path).toBe(true);
    }
    for (const path of Object.keys(SECOND_FACTOR_OPERATIONS)) expect(NO_SECOND_FACTOR[path], path).toBeUndefined();
  });

  it('matches the routes that take the code: each table route documents the field, and no other route has it', () => {
    const takesCode = routes.filter((route) => route.fields.includes(SECOND_FACTOR_FIELD)).map((route) => route.path);
    const marked = routes.filter((route) => route.secondFactor).map((route) => route.path);
    const table = Object.keys(SECOND_FACTOR_OPERATIONS).sort();
    expect(marked.sort()).toEqual(table);
    // Switching it on is proven by its own first code, which is the only other `totp` field.
    expect(takesCode.sort()).toEqual([...table, '/user/gauth/confirm'].sort());
  });
});

describe('the router', () => {
  const router = () =>
    new Router(Fastify(), async () => null, {
      rateLimit: false,
      rateLimitMultiplier: 1,
      nonces: new MemoryNonceStore(),
      now: () => new Date(),
      regionBlocked: () => false,
      secondFactor: async () => null,
      moneyOut: async () => undefined,
    });
  const spec = (input: z.ZodType, auth: 'user' | 'public' = 'user') => ({
    method: 'POST' as const,
    path: '/user/payments/add',
    summary: 'test',
    tags: [],
    auth,
    input,
    output: EmptyOutput,
    handler: async () => ({}),
  });

  it('refuses to register a table route whose input has no code field', () => {
    expect(() => router().route(spec(z.object({ id: z.number() })))).toThrow(/needs a `totp` field/);
    expect(() => router().route(spec(z.object({ totp: totpCodeField.optional() })))).not.toThrow();
  });

  it('refuses a table route that asks the caller’s code without a session', () => {
    expect(() => router().route(spec(z.object({ totp: totpCodeField.optional() }), 'public'))).toThrow(
      /needs a logged-in user/,
    );
  });
});
