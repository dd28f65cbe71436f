import * as contract from '@polaris/contract';
import {
  API_BASE,
  APP_VERSION,
  needsSignature,
  SECOND_FACTOR_FIELD,
  SIGNATURE_MAX_SKEW_MS,
  SIGNATURE_SCHEME,
  SIGNED_PATH_PREFIXES,
  Status,
  secondFactorOf,
} from '@polaris/contract';
import { z } from 'zod';
import { RATE_LIMITS } from './rate-limits.ts';
import type { RegisteredRoute } from './router.ts';

type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
const ref = (id: string) => ({ $ref: `${COMPONENTS}${id}` });

/** Where the WebSocket's AsyncAPI document is served (linked from this one). */
export const ASYNCAPI_PATH = '/asyncapi.json';
export const OPENAPI_PATH = '/openapi.json';

/** What each business status means; typed by `Status`, so a new status cannot be left undocumented. */
const STATUS_MEANINGS: Record<keyof typeof Status, string> = {
  ok: 'Success: `attachment` is the operation’s result.',
  invalid:
    'Invalid input: `attachment` is a list of `FieldError` (`{ field, message }`), one per bad field, nested fields by dotted path (`data.title`).',
  notAllowed:
    'Not allowed: no `token` on an operation that needs one, or a signed call whose signature is missing, stale, reused or wrong.',
  noPermission: 'No permission: the caller may not do this (not the owner, a rule of the operation not met).',
  notFound: 'Not found; also answered for another user’s private resource.',
  conflict:
    'Conflict: a duplicate, already done, or asked again too soon (for codes, `attachment.resendIn` is the seconds left).',
  precondition:
    'A precondition is missing: profile incomplete, email or phone not bound, trade password not set. `msg` says which.',
  secondFactor: 'A second factor is required or wrong: the TOTP code or the trade password.',
  unavailable: 'Unavailable in the caller’s region, or the feature is closed or not configured here.',
  sessionInvalid:
    'Session invalid: the token is unknown, expired or revoked, or the `uid` header names another user. Log in again.',
};

const statusOption = ([name, code]: [string, number]) => ({
  const: code,
  title: name,
  description: STATUS_MEANINGS[name as keyof typeof Status],
});

/** The shared schemas every operation uses: the envelope, its statuses and field errors. */
const ENVELOPE_SCHEMAS: Record<string, Json> = {
  Status: {
    type: 'integer',
    description:
      'The business status of an answer. Every request a handler answered is HTTP 200; `status` says what happened.',
    oneOf: Object.entries(Status).map(statusOption),
  },
  FailureStatus: {
    type: 'integer',
    description: 'Every business status other than 200 (success).',
    oneOf: Object.entries(Status)
      .filter(([, code]) => code !== Status.ok)
      .map(statusOption),
  },
  FieldError: {
    type: 'object',
    description: 'One bad field of a request, with a message in the caller’s language.',
    required: ['field', 'message'],
    properties: {
      field: { type: 'string', description: 'The field’s name; a dotted path for a nested one (`data.title`).' },
      message: { type: 'string' },
    },
  },
  FieldErrors: { type: 'array', items: ref('FieldError') },
  Failure: {
    type: 'object',
    description:
      'An answer whose `status` is not 200. `attachment` is the list of field errors for 400, a small object where an operation says so (`{ resendIn }` for a code asked again too soon), and null otherwise.',
    required: ['status', 'msg', 'attachment'],
    properties: {
      status: ref('FailureStatus'),
      msg: { type: 'string', description: 'What went wrong, in the caller’s language.' },
      attachment: { anyOf: [ref('FieldErrors'), { type: 'object' }, { type: 'null' }] },
      requestId: {
        type: 'string',
        description:
          'The request’s id, also in the `x-request-id` header and the server’s log lines: quote it to support.',
      },
    },
  },
  HttpError: {
    type: 'object',
    description:
      'Answered with an HTTP status other than 200, for what no handler produced: 404 unknown route, 413 payload too large, 429 rate limited (see `retry-after`), 500 crash, 503 maintenance or a service out of reach. `status` repeats the HTTP status.',
    required: ['status', 'msg'],
    properties: {
      status: { type: 'integer' },
      msg: { type: 'string' },
      attachment: {},
      requestId: { type: 'string', description: 'As in `Failure`.' },
    },
  },
};

/** The success envelope of an operation whose result is `attachment`, or a failure. */
const envelopeOf = (attachment: unknown) => ({
  oneOf: [
    {
      type: 'object',
      required: ['status', 'msg', 'attachment'],
      properties: {
        status: { type: 'integer', const: Status.ok },
        msg: { type: 'string' },
        attachment,
      },
    },
    ref('Failure'),
  ],
});

/** What the contract's client-side hashes look like, for the components that carry them. */
const CLIENT_HASHES = {
  login: {
    algorithm: 'SHA-256',
    input: 'polarisex/login/v1:{password}',
    encoding: 'hex, lowercase, 64 characters',
    utf8: true,
  },
  trade: {
    algorithm: 'SHA-256',
    input: 'polarisex/trade/v1:{uid}:{password}',
    encoding: 'hex, lowercase, 64 characters',
    utf8: true,
  },
};
const COMPONENT_NOTES: Record<string, Json> = {
  passwordHashField: {
    description:
      'Never the typed password: `hex(sha256(utf8("polarisex/login/v1:" + password)))` (`hashLoginPassword` in packages/contract/src/hashing.ts). The 8–16 letters-and-digits rule is the client’s to enforce; the server checks the hash’s form and stores argon2id of it.',
    'x-client-hash': CLIENT_HASHES.login,
  },
  tradePasswordField: {
    description:
      'Never the typed trade password: `hex(sha256(utf8("polarisex/trade/v1:" + uid + ":" + password)))`, with the caller’s `uid` in decimal (`hashTradePassword` in packages/contract/src/hashing.ts).',
    'x-client-hash': CLIENT_HASHES.trade,
  },
};

const SIGNING = {
  pathPrefixes: [...SIGNED_PATH_PREFIXES],
  algorithm: SIGNATURE_SCHEME,
  key: 'The session’s `signingKey` (hex, returned at login beside `token`), hex-decoded to bytes.',
  stringToSign: [
    'METHOD (upper case)',
    'path below the API base, without the query string (e.g. /user/identity/sessions)',
    'timestamp (the header, as sent)',
    'nonce (the header, as sent)',
    'lowercase hex SHA-256 of the raw request body as sent (of the empty string for a GET)',
  ],
  separator: '\n',
  headers: {
    timestamp: 'milliseconds since the epoch, 10–16 digits, within the clock skew of the server’s clock',
    nonce: '8–64 of A-Z a-z 0-9 _ -, never used twice in a session',
    authorization: `${SIGNATURE_SCHEME} <lowercase hex of the HMAC>`,
  },
  maxClockSkewMs: SIGNATURE_MAX_SKEW_MS,
  refusal: 'status 401 (anything missing, stale, reused or wrong)',
  reference: 'signRequest in packages/contract/src/signing.ts',
};

const DESCRIPTION = `The Polaris API: activities, chat, wallet and the rest of the app, under \`${API_BASE}\`.

## Envelope and statuses
Every request a handler answers is **HTTP 200** with the envelope \`{ status, msg, attachment }\`. \`status\` is the
business status (\`Status\` below, with each meaning); \`msg\` is in the caller's language; on success \`attachment\`
is the operation's result, on 400 a list of \`FieldError\`. Other HTTP statuses come only from what no handler
produced (\`HttpError\`): 404 unknown route, 413 payload too large, 429 rate limited, 500, 503.
A few operations answer a file on success (its content type is listed) and the envelope on failure.

## Inputs
A GET's input is its query string; a POST's is its JSON body (the query string and the body are merged, the body
wins). \`password\`, \`newPassword\`, \`vcode\`, \`code\` and \`tradePassword\` are refused in a query string.

## Identity
Send the session's \`token\` header (security scheme \`token\`), obtained from \`postUserLogin\` and the other
sign-in operations (the session attachment \`{ uid, uuid, token, signingKey, expiresAt }\`). Optional headers:
\`uid\` (must match the token's user, else status 9999), \`uuid\`, \`appid\`, and \`locale\` (\`en_US\`, \`zh_CN\`,
\`zh_TW\`, \`zh_HK\`, or \`en\`, \`zh-Hans\`, \`zh-Hant\`; else \`Accept-Language\`; else Traditional Chinese).
No token where one is needed answers status 401; a bad one 9999.

## Signed calls
Operations under ${SIGNED_PATH_PREFIXES.map((prefix) => `\`${prefix}\``).join(' and ')} (marked \`x-signed: true\`,
security \`token\` + \`signatureTimestamp\` + \`signatureNonce\` + \`signature\`) also need three headers:

- \`timestamp\`: milliseconds since the epoch (10–16 digits), within ${SIGNATURE_MAX_SKEW_MS / 60_000} minutes of the server's clock;
- \`nonce\`: 8–64 characters of \`A-Z a-z 0-9 _ -\`, never used twice within a session;
- \`authorization\`: \`${SIGNATURE_SCHEME} <hex>\`, the lowercase hex HMAC-SHA256, keyed with the session's
  \`signingKey\` hex-decoded to bytes, of the UTF-8 string

\`\`\`
METHOD + "\\n" + path + "\\n" + timestamp + "\\n" + nonce + "\\n" + hex(sha256(body))
\`\`\`

where METHOD is upper case, path is below \`${API_BASE}\` without the query string (\`/user/identity/sessions\`),
timestamp and nonce are the headers as sent, and body is the raw request body exactly as sent (the empty string for
a GET). Anything missing, stale, reused or wrong answers status 401. The same rule is in \`x-signed-requests\`.

## Passwords are hashed by the client
No typed password is ever sent. A login password travels as \`hex(sha256(utf8("polarisex/login/v1:" + password)))\`
and a trade password as \`hex(sha256(utf8("polarisex/trade/v1:" + uid + ":" + password)))\` (lowercase hex, 64
characters; schemas \`passwordHashField\` and \`tradePasswordField\`, extension \`x-client-hash\`). The server
stores argon2id of that hash, so it cannot check the password rule (8–16 letters and digits): the client does.

## Operations
Every operation has a stable \`operationId\`: its method and path in camel case (\`GET /activity/list\` is
\`getActivityList\`). Its description names its auth mode, its rate limit (per client address) and, for those
that move money, the region gate (status 580 where the caller's region is blocked; \`x-region: gated\`).
Typed inputs carry marks: \`x-cursor\` (a page position), \`x-date\`, \`x-token\`, \`x-url\`.

## Realtime
The chat WebSocket at \`${API_BASE}/ws\` is described by the AsyncAPI 3.0 document at
\`${API_BASE}${ASYNCAPI_PATH}\` (\`x-asyncapi\`).`;

/** `GET /activity/image/{id}/{file}` → `getActivityImageByIdByFile`: method and path in camel case. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      if (param) return ['by', param[1]!];
      return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

/** The contract's exported zod schemas by name: the names of the shared components. */
const NAMED_SCHEMAS: [string, z.ZodType][] = Object.entries(contract as Record<string, unknown>)
  .filter((entry): entry is [string, z.ZodType] => isZod(entry[1]))
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Every schema a route uses, converted once per direction (`input`: what a client may send, defaults optional;
 * `output`: what the server answers) through one zod registry: each contract schema under its export name, each
 * route's own under `<OperationId>Input`/`Output`. A schema nested in another becomes a `$ref`.
 */
function convert(roots: Map<z.ZodType, string>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  const seen = new Set<z.ZodType>();
  const taken = new Set<string>();
  for (const [name, schema] of [
    ...NAMED_SCHEMAS,
    ...[...roots].map(([schema, id]): [string, z.ZodType] => [id, schema]),
  ]) {
    if (seen.has(schema)) continue;
    if (taken.has(name)) throw new Error(`OpenAPI: two schemas named ${name}`);
    seen.add(schema);
    taken.add(name);
    registry.add(schema, { id: name });
  }
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    uri: (id) => `${COMPONENTS}${io}/${id}`,
  }) as { schemas: Record<string, Json> };
  if (schemas.__shared) throw new Error('OpenAPI: a schema could not be named (a cycle through an unnamed schema)');
  for (const schema of Object.values(schemas)) {
    delete schema.$id;
    delete schema.$schema;
  }
  return schemas;
}

/** Calls `visit` on every `$ref` string under `node`, replacing it with what `visit` returns. */
function mapRefs(node: unknown, visit: (target: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => mapRefs(item, visit));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? visit(value) : mapRefs(value, visit),
    ]),
  );
}

function refsIn(node: unknown, found: string[] = []): string[] {
  mapRefs(node, (target) => {
    found.push(target);
    return target;
  });
  return found;
}

/**
 * Gives the two directions' schemas their final names: one component where a schema reads the same both ways,
 * `<name>Input` for the input side where it does not.
 */
function mergeDirections(
  inputs: Record<string, Json>,
  outputs: Record<string, Json>,
  inputRoots: string[],
  outputRoots: string[],
) {
  const plain = (io: 'input' | 'output', node: unknown) =>
    JSON.stringify(node).replaceAll(`${COMPONENTS}${io}/`, COMPONENTS);
  // What each direction reaches from its routes: only a schema both reach can need two names.
  const reach = (io: 'input' | 'output', schemas: Record<string, Json>, roots: string[]) => {
    const found = new Set<string>();
    const prefix = `${COMPONENTS}${io}/`;
    const queue = [...roots];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (found.has(id) || !schemas[id]) continue;
      found.add(id);
      for (const target of refsIn(schemas[id])) if (target.startsWith(prefix)) queue.push(target.slice(prefix.length));
    }
    return found;
  };
  const usedIn = reach('input', inputs, inputRoots);
  const usedOut = reach('output', outputs, outputRoots);
  const childrenOf = (node: unknown) =>
    refsIn(node).flatMap((target) =>
      target.startsWith(`${COMPONENTS}input/`) ? [target.slice(`${COMPONENTS}input/`.length)] : [],
    );
  // An input schema differs from its output namesake when it reads differently or refers to one that does.
  const both = [...usedIn].filter((id) => usedOut.has(id));
  const differs = new Set(both.filter((id) => plain('input', inputs[id]) !== plain('output', outputs[id])));
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of both) {
      if (!differs.has(id) && childrenOf(inputs[id]).some((child) => differs.has(child))) {
        differs.add(id);
        grew = true;
      }
    }
  }
  const nameOf = (io: 'input' | 'output', id: string) => (io === 'input' && differs.has(id) ? `${id}Input` : id);
  const rename = (node: unknown): unknown =>
    mapRefs(node, (target) => {
      const match = /^#\/components\/schemas\/(input|output)\/(.+)$/.exec(target);
      return match ? `${COMPONENTS}${nameOf(match[1] as 'input' | 'output', match[2]!)}` : target;
    });
  const all: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(outputs)) all[id] = rename(schema) as Json;
  for (const [id, schema] of Object.entries(inputs)) {
    const name = nameOf('input', id);
    if (name !== id && (name in outputs || name in inputs)) throw new Error(`OpenAPI: two schemas named ${name}`);
    all[name] = rename(schema) as Json;
  }
  return { all, nameOf };
}

/**
 * Keeps the components an operation reaches; one used in a single place is written there instead (a component is
 * for sharing). The envelope's schemas always stay.
 */
function shareComponents(paths: Json, all: Record<string, Json>, keep: Set<string>) {
  const idOf = (target: string) => (target.startsWith(COMPONENTS) ? target.slice(COMPONENTS.length) : null);
  const uses = new Map<string, number>();
  const queue = refsIn(paths);
  for (const id of keep) queue.push(...refsIn(all[id]));
  const expanded = new Set<string>();
  while (queue.length > 0) {
    const id = idOf(queue.pop()!);
    if (id === null) continue;
    if (!(id in all)) throw new Error(`OpenAPI: no schema named ${id}`);
    uses.set(id, (uses.get(id) ?? 0) + 1);
    if (!expanded.has(id)) {
      expanded.add(id);
      queue.push(...refsIn(all[id]));
    }
  }
  const shared = (id: string) => keep.has(id) || (uses.get(id) ?? 0) > 1;
  const inline = (node: unknown, stack: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, stack));
    if (node === null || typeof node !== 'object') return node;
    const { $ref: target, ...rest } = node as Json;
    const id = typeof target === 'string' ? idOf(target) : null;
    if (id !== null && !shared(id) && !stack.includes(id)) {
      return { ...(inline(all[id], [...stack, id]) as Json), ...(inline(rest, stack) as Json) };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, stack)]));
  };
  const components: Record<string, Json> = {};
  for (const id of [...uses.keys(), ...keep].sort()) {
    if (shared(id)) components[id] = inline(all[id], [id]) as Json;
  }
  return { paths: inline(paths, []) as Json, components };
}

/** An envelope whose attachment is a shared schema, answered by several operations, is a shared response too. */
function shareResponses(paths: Json): Record<string, Json> {
  const attachmentOf = (response: Json) => {
    const content = response.content as Record<string, { schema?: { oneOf?: Json[] } }> | undefined;
    const success = content?.['application/json']?.schema?.oneOf?.[0] as { properties?: Json } | undefined;
    const attachment = success?.properties?.attachment as Json | undefined;
    if (!attachment || Object.keys(attachment).length !== 1 || typeof attachment.$ref !== 'string') return null;
    return attachment.$ref.slice(COMPONENTS.length);
  };
  const operations = Object.values(paths).flatMap((methods) => Object.values(methods as Record<string, Json>));
  const counts = new Map<string, number>();
  for (const operation of operations) {
    const id = attachmentOf((operation.responses as Record<string, Json>)['200']!);
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const responses: Record<string, Json> = {};
  for (const operation of operations) {
    const answers = operation.responses as Record<string, Json>;
    const id = attachmentOf(answers['200']!);
    if (!id || (counts.get(id) ?? 0) < 2) continue;
    responses[id] ??= answers['200']!;
    answers['200'] = { $ref: `#/components/responses/${id}` };
  }
  return responses;
}

/** A file route's success: its content type, with the body's shape as far as it has one. */
function fileResponse(produces: string) {
  const mediaType = produces.split(';')[0]!.trim();
  const schema = mediaType === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' };
  return {
    description: 'The file on success; a failure answers the envelope (`application/json`) instead',
    content: {
      [mediaType]: { schema },
      ...(mediaType === 'application/json' ? {} : { 'application/json': { schema: ref('Failure') } }),
    },
  };
}

const AUTH_TEXT = {
  public: 'public.',
  optional: 'optional `token` (a bad one is status 9999).',
  user: '`token` (401 without, 9999 if bad).',
};

function descriptionOf(route: RegisteredRoute, signed: boolean): string {
  const lines = [route.summary, '', `Auth: ${AUTH_TEXT[route.auth]}`];
  if (signed) lines.push('Signed: `timestamp`, `nonce`, `authorization` (HMAC-SHA256, see `x-signed-requests`).');
  if (route.region === 'gated') lines.push('Region: status 580 where the caller’s region is blocked.');
  if (route.rateLimit !== false) {
    const preset = route.rateLimit ?? 'default';
    const { max, timeWindow } = RATE_LIMITS[preset];
    lines.push(`Rate limit: \`${preset}\`, ${max} per ${timeWindow / 1000} s per address (HTTP 429).`);
  }
  if (route.multipart) lines.push('Upload: one file in the multipart field `file`, the rest in the query.');
  return lines.join('\n');
}

/** The OpenAPI 3.1 document, built from the same zod schemas that validate each route. */
export function buildOpenApi(routes: RegisteredRoute[]): Json {
  const ids = new Map<RegisteredRoute, string>();
  const taken = new Map<string, RegisteredRoute>();
  for (const route of routes) {
    const id = operationIdOf(route.method, route.path);
    const clash = taken.get(id);
    if (clash) throw new Error(`OpenAPI: ${route.method} ${route.path} and ${clash.path} both make ${id}`);
    taken.set(id, route);
    ids.set(route, id);
  }
  const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);
  const inputRoots = new Map<z.ZodType, string>();
  const outputRoots = new Map<z.ZodType, string>();
  for (const route of routes) {
    if (!inputRoots.has(route.input)) inputRoots.set(route.input, `${pascal(ids.get(route)!)}Input`);
    if (route.output && !outputRoots.has(route.output)) {
      outputRoots.set(route.output, `${pascal(ids.get(route)!)}Output`);
    }
  }
  const inputs = convert(inputRoots, 'input');
  const outputs = convert(outputRoots, 'output');
  const baseName = (schema: z.ZodType, io: 'input' | 'output') =>
    NAMED_SCHEMAS.find(([, candidate]) => candidate === schema)?.[0] ??
    (io === 'input' ? inputRoots : outputRoots).get(schema)!;
  const { all, nameOf } = mergeDirections(
    inputs,
    outputs,
    [...inputRoots.keys()].map((schema) => baseName(schema, 'input')),
    [...outputRoots.keys()].map((schema) => baseName(schema, 'output')),
  );
  const named = (schema: z.ZodType, io: 'input' | 'output') => nameOf(io, baseName(schema, io));
  for (const [id, schema] of Object.entries(ENVELOPE_SCHEMAS)) {
    if (id in all) throw new Error(`OpenAPI: the contract has a schema named ${id}`);
    all[id] = schema;
  }
  for (const [id, note] of Object.entries(COMPONENT_NOTES)) if (all[id]) all[id] = { ...all[id], ...note };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const signed = needsSignature(route.path);
    const inputName = named(route.input, 'input');
    const input = all[inputName]!;
    const security =
      route.auth === 'public'
        ? []
        : route.auth === 'optional'
          ? [{}, { token: [] }]
          : [signed ? { token: [], signatureTimestamp: [], signatureNonce: [], signature: [] } : { token: [] }];
    const operation: Record<string, unknown> = {
      operationId: ids.get(route),
      summary: route.summary,
      description: descriptionOf(route, signed),
      tags: route.tags,
      security,
      // Answers status 580 where the caller's region is blocked (README: BLOCKED_COUNTRIES).
      ...(route.region ? { 'x-region': route.region } : {}),
      // Asks for the authenticator code in this field while it is on, or answers 468 (docs/security-centre.md).
      ...(secondFactorOf(route.path) ? { 'x-second-factor': SECOND_FACTOR_FIELD } : {}),
      ...(signed ? { 'x-signed': true } : {}),
      ...(route.rateLimit !== false ? { 'x-rate-limit': route.rateLimit ?? 'default' } : {}),
      responses: {
        '200': route.output
          ? {
              description: 'The envelope: status 200 with the result, or a failure',
              content: { 'application/json': { schema: envelopeOf(ref(named(route.output, 'output'))) } },
            }
          : fileResponse(route.produces ?? 'application/octet-stream'),
        default: { $ref: '#/components/responses/HttpError' },
      },
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
      const properties = (input.properties ?? {}) as Record<string, Json>;
      const required = new Set((input.required ?? []) as string[]);
      for (const [name, schema] of Object.entries(properties)) {
        const { description, ...rest } = schema;
        parameters.push({
          name,
          in: 'query',
          required: required.has(name),
          ...(typeof description === 'string' ? { description } : {}),
          schema: rest,
        });
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
      operation.requestBody = { required: true, content: { 'application/json': { schema: ref(inputName) } } };
    }
    if (route.method === 'GET' || parameters.length > 0) operation.parameters = parameters;
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = operation;
  }
  const shared = shareComponents(paths, all, new Set(Object.keys(ENVELOPE_SCHEMAS)));
  const responses = shareResponses(shared.paths);
  const tags = [...new Set(routes.flatMap((route) => route.tags))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: { title: 'Polaris API', version: APP_VERSION, description: DESCRIPTION },
    servers: [{ url: API_BASE }],
    tags,
    'x-asyncapi': `${API_BASE}${ASYNCAPI_PATH}`,
    'x-signed-requests': SIGNING,
    'x-client-hashing': CLIENT_HASHES,
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'token',
          description:
            'The session token from a sign-in (`attachment.token`). Old clients may send it as the `token` query parameter; new ones must not.',
        },
        signatureTimestamp: {
          type: 'apiKey',
          in: 'header',
          name: 'timestamp',
          description: `Signed calls: milliseconds since the epoch, within ${SIGNATURE_MAX_SKEW_MS / 60_000} minutes of the server’s clock.`,
        },
        signatureNonce: {
          type: 'apiKey',
          in: 'header',
          name: 'nonce',
          description: 'Signed calls: 8–64 of `A-Z a-z 0-9 _ -`, never used twice within a session.',
        },
        signature: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description:
            '`HMAC-SHA256 <hex>`: HMAC-SHA256 keyed with the session’s `signingKey` (hex-decoded) over `METHOD\\npath\\ntimestamp\\nnonce\\nhex(sha256(raw body))` (see `x-signed-requests`).',
        },
      },
      responses: {
        HttpError: {
          description: 'No handler answered: unknown route, too large, rate limited, crash, maintenance',
          content: { 'application/json': { schema: ref('HttpError') } },
        },
        ...responses,
      },
      schemas: shared.components,
    },
    paths: shared.paths,
  };
}
