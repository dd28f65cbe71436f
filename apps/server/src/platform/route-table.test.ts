import { ROUTE_SCHEMAS, UPLOAD_SCHEMAS } from '@polaris/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

// The contract's route table (packages/contract/src/routes) and the server agree: every call the web can make is a
// route the server registers, with the very schemas the table pairs it with (docs/decisions.md "One typed seam").
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the route table', () => {
  it('is registered by the server, route for route, with the same input and output schemas', () => {
    const registered = new Map(t.app.routeTable.map((route) => [`${route.method} ${route.path}`, route]));
    const missing: string[] = [];
    for (const route of ROUTE_SCHEMAS) {
      const found = registered.get(`${route.method} ${route.path}`);
      if (!found) {
        missing.push(`${route.method} ${route.path}`);
        continue;
      }
      expect(found.input, `${route.path} input`).toBe(route.input);
      expect(found.output, `${route.path} output`).toBe(route.output);
    }
    expect(missing).toEqual([]);
  });

  it('registers every upload of UPLOADS with the schema its answer is typed by', () => {
    for (const upload of UPLOAD_SCHEMAS) {
      const found = t.app.routeTable.find((route) => route.method === upload.method && route.path === upload.path);
      expect(found, upload.path).toBeDefined();
      expect(found?.output, `${upload.path} output`).toBe(upload.output);
    }
  });

  it('names each call once', () => {
    const calls = ROUTE_SCHEMAS.map((route) => `${route.method} ${route.path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });
});
