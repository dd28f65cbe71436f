import { API_BASE, APP_VERSION } from '@polaris/contract';
import { z } from 'zod';
import type { RegisteredRoute } from './router.ts';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** The OpenAPI 3.1 document, built from the same zod schemas that validate each route. */
export function buildOpenApi(routes: RegisteredRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const input = jsonSchema(route.input, 'input');
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags,
      security: route.auth === 'public' ? [] : [{ token: [] }],
      // Answers status 580 where the caller's region is blocked (README: BLOCKED_COUNTRIES).
      ...(route.region ? { 'x-region': route.region } : {}),
      responses: {
        '200': {
          description: 'Envelope; `status` 200 on success, a business status otherwise',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['status', 'msg', 'attachment'],
                properties: {
                  status: { type: 'integer' },
                  msg: { type: 'string' },
                  attachment: jsonSchema(route.output, 'output'),
                },
              },
            },
          },
        },
      },
    };
    if (route.method === 'GET') {
      const properties = (input.properties ?? {}) as Record<string, unknown>;
      const required = new Set((input.required ?? []) as string[]);
      operation.parameters = Object.entries(properties).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema,
      }));
    } else {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Polaris API', version: APP_VERSION },
    servers: [{ url: API_BASE }],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
    },
    paths,
  };
}
