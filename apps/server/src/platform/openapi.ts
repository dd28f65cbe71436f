import { API_BASE, APP_VERSION, SECOND_FACTOR_FIELD, secondFactorOf } from '@polaris/contract';
import { z } from 'zod';
import type { RegisteredRoute } from './router.ts';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

const envelopeOf = (attachment: Record<string, unknown>) => ({
  'application/json': {
    schema: {
      type: 'object',
      required: ['status', 'msg', 'attachment'],
      properties: { status: { type: 'integer' }, msg: { type: 'string' }, attachment },
    },
  },
});

/** A file route's success: its content type, with the body's shape as far as it has one. */
function fileResponse(produces: string) {
  const mediaType = produces.split(';')[0]!.trim();
  const schema = mediaType === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' };
  return {
    '200': {
      description: 'The file on success; a failure answers the envelope (`application/json`) instead',
      content: { [mediaType]: { schema } },
    },
  };
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
      // Asks for the authenticator code in this field while it is on, or answers 468 (docs/security-centre.md).
      ...(secondFactorOf(route.path) ? { 'x-second-factor': SECOND_FACTOR_FIELD } : {}),
      responses: route.output
        ? {
            '200': {
              description: 'Envelope; `status` 200 on success, a business status otherwise',
              content: envelopeOf(jsonSchema(route.output, 'output')),
            },
          }
        : fileResponse(route.produces ?? 'application/octet-stream'),
    };
    const parameters: Record<string, unknown>[] = Object.entries(route.params ?? {}).map(([name, example]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
      example,
    }));
    // A GET's input and a multipart upload's (its query: the body is the file) are query parameters.
    if (route.method === 'GET' || route.multipart) {
      const properties = (input.properties ?? {}) as Record<string, unknown>;
      const required = new Set((input.required ?? []) as string[]);
      for (const [name, schema] of Object.entries(properties)) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    if (route.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', format: 'binary' } },
            },
          },
        },
      };
    } else if (route.method !== 'GET') {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    if (route.method === 'GET' || parameters.length > 0) operation.parameters = parameters;
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = operation;
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
