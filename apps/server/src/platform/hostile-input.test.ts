import { API_BASE } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { resolveRefs } from '../test/json-refs.ts';

/**
 * Every route of the OpenAPI document (file routes included) gets hostile values in every field it declares, in
 * a few it does not and in every path parameter: no answer may be an HTTP 5xx or an envelope status 500.
 */
let t: TestApp;
/** The fuzzing user (the fuzz may log it out) and a user for the exact answers. */
let token: string;
let other: string;

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const HOSTILE_VALUES: [string, unknown][] = [
  ['a NUL byte', 'abc\u0000def'],
  ['a control character', 'abc\u0007def'],
  ['a lone high surrogate', 'abc\ud800def'],
  ['a lone low surrogate', '\udc00'],
  ['a huge integer', Number('99999999999999999999999')],
  ['a huge integer as text', '99999999999999999999999'],
  ['a negative integer as text', '-99999999999999999999999'],
  ['an int4 overflow', 2147483648],
  ['a float', 1.5],
  ['an exponent', '1e400'],
  ['an over-long string', 'x'.repeat(100_000)],
  ['an object', { $gt: '' }],
  ['an array', ['a', 'b']],
  ['a boolean', true],
  ['null', null],
  ['an empty string', ''],
  ['a nested object with NUL', { inner: 'a\u0000b', list: ['\ud800'] }],
  ['a deep object', JSON.parse(deepJson(200))],
];

/** Query strings carry text only. */
const HOSTILE_QUERY_VALUES: [string, string][] = [
  ['a NUL byte', 'a\u0000b'],
  ['a lone surrogate (raw %ED%A0%80)', '\ud800'],
  ['a huge integer', '99999999999999999999999'],
  ['an over-long string', 'y'.repeat(5000)],
  ['an exponent', '1e400'],
];

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  fields: string[];
  /** Each declared field's JSON schema, as the OpenAPI document gives it. */
  schemas: Record<string, JsonSchema>;
  /** The route takes a multipart upload (its declared fields then travel in the query). */
  multipart: boolean;
  /** A plausible value for every field, so a hostile one in one field reaches past the others' checks. */
  sample?: Record<string, unknown>;
  /** Its security allows a caller without a token (public or optional). */
  anonymous: boolean;
  /** One of its path parameters holds a hostile segment (the fields then carry plausible values only). */
  hostilePath?: boolean;
}

type JsonSchema = {
  type?: string | string[];
  pattern?: string;
  examples?: unknown[];
  'x-cursor'?: string;
  'x-date'?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

/** A value of the schema's shape; good enough to pass most checks of the fields not under attack. */
function sampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sampleOf(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [sampleOf(schema.items, name)];
  if (type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sampleOf(child, key)]),
    );
  }
  if (schema.format === 'email' || /email/i.test(name)) return 'someone@example.com';
  if (/amount|price/i.test(name)) return '1';
  if (/Key$/.test(name)) return 'key-0123456789abcdef';
  if (/month/i.test(name)) return '2030-01';
  if (/At$|date|time/i.test(name)) return '2030-01-01T10:00:00.000Z';
  return 'x';
}

/** What a client might put in a path segment instead of the example. */
const HOSTILE_PATH_VALUES = ['%00', '%ED%A0%80', '99999999999999999999', '1', 'z'.repeat(2000)];

/** The path with its `{name}` parameters filled in. */
const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? name);

function operationsOf(openApi: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(openApi.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      let properties: Record<string, JsonSchema> = {};
      const examples: Record<string, string> = {};
      for (const parameter of (operation.parameters ?? []) as {
        name: string;
        in: string;
        schema: JsonSchema;
        example?: string;
      }[]) {
        if (parameter.in === 'path') examples[parameter.name] = parameter.example ?? 'x';
        else properties[parameter.name] = parameter.schema;
      }
      const body = operation.requestBody as
        | { content: Record<string, { schema: { properties?: Record<string, JsonSchema> } }> }
        | undefined;
      const multipart = body?.content['multipart/form-data'] !== undefined;
      // A multipart upload's fields travel in the query; it still gets every hostile JSON body below.
      if (method !== 'get' && !multipart) properties = body?.content['application/json']?.schema.properties ?? {};
      const security = (operation.security ?? []) as Record<string, unknown>[];
      const base = {
        method: method.toUpperCase() as 'GET' | 'POST',
        fields: Object.keys(properties),
        schemas: properties,
        multipart,
        sample: sampleOf({ type: 'object', properties }) as Record<string, unknown>,
        anonymous: security.length === 0 || security.some((option) => Object.keys(option).length === 0),
      };
      operations.push({ ...base, path: fillPath(path, examples) });
      // Every path parameter gets hostile segments too, bare and with the example's file extension.
      for (const name of Object.keys(examples)) {
        const extension = /\.[a-z]+$/.exec(examples[name]!)?.[0] ?? '';
        for (const value of HOSTILE_PATH_VALUES) {
          for (const segment of new Set([value, `${value}${extension}`])) {
            operations.push({
              ...base,
              fields: [],
              hostilePath: true,
              path: fillPath(path, { ...examples, [name]: segment }),
            });
          }
        }
      }
    }
  }
  return operations;
}

/** The served document with its shared schemas written in place (`$ref`s resolved). */
async function openApiDocument() {
  return resolveRefs((await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` })).json());
}

const failures: string[] = [];

async function send(
  operation: Operation,
  label: string,
  request: { query?: string; payload?: string | Buffer; contentType?: string; token?: string },
) {
  const headers: Record<string, string> = { locale: 'en_US' };
  if (request.token) headers.token = request.token;
  if (request.payload !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  const response = await t.app.inject({
    method: operation.method,
    url: `${API_BASE}${operation.path}${request.query ? `?${request.query}` : ''}`,
    headers,
    payload: request.payload,
  });
  let envelopeStatus: unknown;
  try {
    envelopeStatus = (response.json() as { status?: unknown }).status;
  } catch {
    envelopeStatus = undefined;
  }
  if (response.statusCode >= 500 || envelopeStatus === 500) {
    failures.push(
      `${operation.method} ${operation.path} ${label}: HTTP ${response.statusCode} ${response.body.slice(0, 160)}`,
    );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.register('hostile@example.com'));
  ({ token: other } = await t.register('exact@example.com'));
});
afterAll(async () => {
  await t.close();
});

describe('hostile input never gives a 5xx', () => {
  it('on every route of the OpenAPI document, the file routes among them', async () => {
    const openApi = await openApiDocument();
    for (const path of [
      '/activity/manage/attendees.csv',
      '/activity/image/{id}/{file}',
      '/activity/nft/{publicId}/image.svg',
      '/activity/nft/{publicId}/metadata.json',
      '/activity/image/upload',
      '/calendar/export.ics',
      '/calendar/feed/{file}',
    ]) {
      expect(Object.keys(openApi.paths), path).toContain(path);
    }
    const operations = operationsOf(openApi);
    expect(operations.length).toBeGreaterThan(60);
    const sweptAlone = new Set<string>();
    for (const operation of operations) {
      if (operation.hostilePath) {
        // The segment is what is under attack: once per caller, with plausible fields, and with a hostile body.
        for (const user of [undefined, token]) {
          const search = new URLSearchParams(
            Object.entries(operation.sample ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString();
          await send(operation, 'hostile path segment', { query: search, token: user });
          if (operation.method === 'POST') {
            await send(operation, 'hostile path segment, plausible body', {
              payload: JSON.stringify(operation.sample ?? {}),
              token: user,
            });
            await send(operation, 'hostile path segment, deep body', { payload: deepJson(6000), token: user });
          }
        }
        continue;
      }
      // Besides its own fields, one it does not declare (every undeclared name takes the same path).
      const undeclared = ['id', 'cursor', 'q'].find((name) => !operation.fields.includes(name))!;
      const fields = [...operation.fields, undeclared];
      for (const user of [undefined, token]) {
        // Without a token, a route that needs one reads the input and refuses the caller before its schema: every
        // hostile value once, in one field, reaches that shared path on every such route.
        const full = user !== undefined || operation.anonymous;
        for (const field of full ? fields : fields.slice(0, 1)) {
          for (const [label, value] of HOSTILE_QUERY_VALUES) {
            const encoded = label.includes('raw') ? '%ED%A0%80' : encodeURIComponent(value);
            await send(operation, `query ${field}=${label}`, {
              query: `${encodeURIComponent(field)}=${encoded}`,
              token: user,
            });
            if (full && operation.method === 'GET' && operation.sample) {
              const others = new URLSearchParams(
                Object.entries(operation.sample)
                  .filter(([key]) => key !== field)
                  .map(([key, sample]): [string, string] => [key, String(sample)]),
              );
              await send(operation, `query ${field}=${label} among plausible fields`, {
                query: `${others}&${encodeURIComponent(field)}=${encoded}`,
                token: user,
              });
            }
          }
          if (operation.method === 'POST') {
            // Alone, the other fields missing, the schema refuses the object before any handler runs: the same
            // answer for every field of the same schema, so once per distinct schema and caller. Among
            // plausible fields, the value reaches as far as the route lets it: on every route and field.
            const schemaKey = `${user ? 'user' : 'anonymous'} ${JSON.stringify(operation.schemas[field] ?? null)}`;
            const alone = !full || !sweptAlone.has(schemaKey);
            sweptAlone.add(schemaKey);
            for (const [label, value] of HOSTILE_VALUES) {
              if (alone) {
                await send(operation, `body ${field}=${label}`, {
                  payload: JSON.stringify({ [field]: value }),
                  token: user,
                });
              }
              if (full) {
                await send(operation, `body ${field}=${label} among plausible fields`, {
                  payload: JSON.stringify({ ...operation.sample, [field]: value }),
                  token: user,
                });
              }
            }
          }
        }
        if (operation.method === 'POST') {
          const wholeBodies: [string, string, string?][] = [
            ['a 6,000-deep object', deepJson(6000)],
            ['a 6,000-deep array', `${'['.repeat(6000)}${']'.repeat(6000)}`],
            ['an array body', '[1,2,3]'],
            ['a string body', '"text"'],
            ['broken JSON', '{"a":'],
            ['a raw lone surrogate', '{"data":{"x":"\\ud800"}}'],
            ['a NUL in a key', '{"a\\u0000b":1}'],
            ['a plain-text body', 'hello', 'text/plain'],
          ];
          for (const [label, payload, contentType] of wholeBodies) {
            await send(operation, label, { payload, contentType, token: user });
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

/**
 * Edge values chosen by what a field is, read from the route's own schema in the OpenAPI document: a route added
 * tomorrow gets them without this test changing.
 */

/** Every page-position format the contract has (an id, a time and an id, a long id, an offset), at and past its edges. */
const CURSOR_EDGES = [
  '0',
  '0_0',
  '0_0_0',
  '1_1',
  '999999999999999',
  '9999999999999999',
  '999999999999999999',
  '9999999999999999999',
  '99999999999999999999999',
  '999999999999999_999999999999999',
  '8640000000000000_1',
  '8640000000000001_1',
  '253402300800000_1',
  '1_99999999999999999999',
  '-1',
  '-1_-1',
  '1_-1',
  '-1_1',
  'abc',
  'abc_def',
  '_',
  '1_',
  '_1',
  '1.5',
  '1e3',
  '0x1f',
  '\u0661\u0662',
  '1 2',
];

/** Dates, months and days at the limits of PostgreSQL's range (4713 BC to 294276 AD) and of JavaScript's. */
const DATE_EDGES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '1969-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-14:00',
  '294277-01-01T00:00:00Z',
  '+294277-01-01T00:00:00Z',
  '+275760-09-13T00:00:01Z',
  '-004713-11-24T00:00:00Z',
  '2030-02-30T00:00:00Z',
  '0000-01',
  '0001-01',
  '9999-12',
  '294277-01',
  '+294277-01',
  '2030-00',
  '2030-13',
  '0001-01-01',
  '9999-12-31',
  '294277-01-01',
];

/** Strings that trim to nothing, or look like something while being nothing. */
const BLANK_STRINGS = ['', ' ', '\t\n', '\u3000', '\u00a0', '\u200b'];

const typesOf = (schema: JsonSchema): string[] => [
  ...(Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []),
  ...(schema.anyOf ?? []).flatMap(typesOf),
];
const has = (schema: JsonSchema, key: 'x-cursor' | 'x-date' | 'format' | 'pattern'): boolean =>
  schema[key] !== undefined || (schema.anyOf ?? []).some((option) => has(option, key));

/** The edge values a field of this schema gets. */
function edgesFor(name: string, schema: JsonSchema): string[] {
  const values: string[] = [];
  if (has(schema, 'x-cursor') || /cursor/i.test(name)) values.push(...CURSOR_EDGES);
  const format = [schema, ...(schema.anyOf ?? [])].map((option) => option.format).find(Boolean);
  if (has(schema, 'x-date') || format === 'date-time' || /month|date|At$|deadline|^(from|to)$/i.test(name)) {
    values.push(...DATE_EDGES);
  }
  if (typesOf(schema).includes('string') || /token/i.test(name)) values.push(...BLANK_STRINGS);
  return values;
}

/** Multipart bodies a client may send to an upload route: none of them a well-formed single file. */
function malformedMultiparts(): [string, string, Buffer][] {
  const boundary = 'polarisBoundary1234';
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2048, 7)]);
  const head = (name: string, filename = 'a.png') =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    );
  const whole = Buffer.concat([head('file'), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const form = `multipart/form-data; boundary=${boundary}`;
  return [
    ['no boundary', 'multipart/form-data', whole],
    ['an empty boundary', 'multipart/form-data; boundary=', whole],
    ['another boundary than the body', 'multipart/form-data; boundary=other', whole],
    ['cut in the middle of the file', form, whole.subarray(0, head('file').length + 1000)],
    ['cut before the closing boundary', form, Buffer.concat([head('file'), png, Buffer.from(`\r\n--${boundary}`)])],
    ['cut after the part headers', form, head('file')],
    ['cut inside the part headers', form, head('file').subarray(0, 30)],
    ['an empty body', form, Buffer.alloc(0)],
    ['an empty body without a boundary', 'multipart/form-data', Buffer.alloc(0)],
    ['only the closing boundary', form, Buffer.from(`--${boundary}--\r\n`)],
    ['the file under another name', form, Buffer.concat([head('photo'), png, Buffer.from(`\r\n--${boundary}--\r\n`)])],
    [
      'two files',
      form,
      Buffer.concat([
        head('file'),
        png,
        Buffer.from('\r\n'),
        head('file'),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    ],
    [
      'a field named file instead of a file',
      form,
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nhello\r\n--${boundary}--\r\n`),
    ],
    [
      'many fields',
      form,
      Buffer.from(
        `${Array.from({ length: 12 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--${boundary}--\r\n`,
      ),
    ],
    [
      'garbage part headers',
      form,
      Buffer.from(`--${boundary}\r\n\u0000\u0001garbage\r\n\r\nzz\r\n--${boundary}--\r\n`),
    ],
    ['the wrong multipart type', `multipart/mixed; boundary=${boundary}`, whole],
    ['raw bytes as octet-stream', 'application/octet-stream', png],
    ['plain text', 'text/plain', Buffer.from('hello')],
  ];
}

describe('edge values derived from each route schema never give a 5xx', () => {
  it('cursors, dates at the limits, blank strings and malformed multipart on every route', async () => {
    const openApi = await openApiDocument();
    const operations = operationsOf(openApi).filter((operation) => !/%|z{100}/.test(operation.path));
    failures.length = 0;
    const found = { cursor: 0, date: 0, multipart: 0 };
    const sweptAlone = new Set<string>();
    for (const operation of operations) {
      const query = operation.method === 'GET' || operation.multipart;
      // Without a token, a route that needs one refuses the caller before its schema reads an edge value.
      const users = operation.anonymous ? [undefined, token] : [token];
      for (const [field, schema] of Object.entries(operation.schemas)) {
        if (has(schema, 'x-cursor') || /cursor/i.test(field)) found.cursor += 1;
        if (edgesFor(field, schema).includes(DATE_EDGES[0]!)) found.date += 1;
        for (const user of users) {
          // Alone (the others missing, so the schema answers before any handler: once per distinct schema and
          // caller), and among plausible values of the other fields so that it reaches past their checks.
          const schemaKey = `${query} ${user ? 'user' : 'anonymous'} ${JSON.stringify(schema)}`;
          const sendAlone = !sweptAlone.has(schemaKey);
          sweptAlone.add(schemaKey);
          for (const value of edgesFor(field, schema)) {
            const label = `${field}=${JSON.stringify(value)}`;
            const alone: [string, string][] = [[field, value]];
            const among: [string, string][] = [
              ...Object.entries(operation.sample ?? {})
                .filter(([key]) => key !== field)
                .map(([key, sample]): [string, string] => [key, String(sample)]),
              [field, value],
            ];
            if (query) {
              if (sendAlone) {
                await send(operation, `query ${label}`, { query: new URLSearchParams(alone).toString(), token: user });
              }
              await send(operation, `query ${label} among plausible fields`, {
                query: new URLSearchParams(among).toString(),
                token: user,
              });
            } else {
              if (sendAlone) {
                await send(operation, `body ${label}`, { payload: JSON.stringify({ [field]: value }), token: user });
              }
              await send(operation, `body ${label} among plausible fields`, {
                payload: JSON.stringify({ ...operation.sample, [field]: value }),
                token: user,
              });
            }
          }
        }
      }
      if (operation.multipart) {
        found.multipart += 1;
        const search = new URLSearchParams(
          Object.entries(operation.sample ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
        for (const [label, contentType, payload] of malformedMultiparts()) {
          for (const user of users) {
            await send(operation, `multipart: ${label}`, { query: search, payload, contentType, token: user });
          }
        }
      }
    }
    // The document really has fields of each kind (or this test would pass by finding none).
    expect(found.cursor).toBeGreaterThan(15);
    expect(found.date).toBeGreaterThan(5);
    expect(found.multipart).toBeGreaterThanOrEqual(3);
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('hostile input is refused as status 400 naming the field', () => {
  it('refuses a NUL byte in a public search, in the caller language', async () => {
    const english = await t.call('GET', '/activity/list', { query: { q: 'a\u0000b' } });
    expect(english).toMatchObject({ http: 200, status: 400, msg: 'q contains characters that are not allowed' });
    expect(english.attachment).toEqual([{ field: 'q', message: 'q contains characters that are not allowed' }]);
    const chinese = await t.call('GET', '/activity/categories', { query: { city: 'x\u0000' }, locale: 'zh_TW' });
    expect(chinese).toMatchObject({ status: 400 });
    expect(chinese.attachment).toEqual([{ field: 'city', message: expect.stringContaining('不允許的字元') }]);
  });

  it('refuses unsafe text anywhere inside a draft and keeps nothing', async () => {
    for (const data of [{ title: 'a\u0000' }, { nested: { list: ['ok', '\ud800'] } }, { 'bad\u0000key': 1 }]) {
      const saved = await t.call('POST', '/activity/draft/save', { token: other, body: { data } });
      expect(saved.status).toBe(400);
    }
    const surrogate = await t.call<{ field: string }[]>('POST', '/activity/draft/save', {
      token: other,
      rawBody: '{"data":{"title":"\\ud800"}}',
    });
    expect(surrogate.attachment).toEqual([{ field: 'data.title', message: expect.stringContaining('not allowed') }]);
    const draft = await t.call<{ draft: unknown }>('GET', '/activity/draft', { token: other });
    expect(draft.attachment.draft).toBeNull();
  });

  it('refuses JSON nested deeper than the limit before parsing it', async () => {
    const deep = await t.call('POST', '/activity/draft/save', { token: other, rawBody: `{"data":${deepJson(6000)}}` });
    expect(deep).toMatchObject({ http: 200, status: 400, attachment: [{ field: 'body' }] });
    expect(deep.msg).toBe('Request is nested too deeply');
    const nested = await t.call('POST', '/activity/draft/save', {
      token: other,
      body: { data: JSON.parse(deepJson(40)) },
    });
    expect(nested).toMatchObject({ status: 400, msg: 'Request is nested too deeply' });
  });

  it('refuses a cursor that is not a page position', async () => {
    for (const cursor of ['99999999999999999999999', '-1', 'abc']) {
      const records = await t.call('GET', '/wallet/records', { token: other, query: { asset: 'USDT', cursor } });
      expect(records).toMatchObject({ status: 400, attachment: [{ field: 'cursor' }] });
    }
    const list = await t.call('GET', '/activity/list', { query: { cursor: '1_2_3' } });
    expect(list).toMatchObject({ status: 400, attachment: [{ field: 'cursor' }] });
  });

  /** One request to an operation with `value` in `field` among plausible others; the envelope's answer. */
  async function answerFor(operation: Operation, field: string, value: string) {
    const query = operation.method === 'GET' || operation.multipart;
    const others = Object.entries(operation.sample ?? {}).filter(([key]) => key !== field);
    const response = await t.app.inject({
      method: operation.method,
      url: `${API_BASE}${operation.path}${
        query
          ? `?${new URLSearchParams([...others.map(([k, v]): [string, string] => [k, String(v)]), [field, value]])}`
          : ''
      }`,
      headers: { locale: 'en_US', token: other, ...(query ? {} : { 'content-type': 'application/json' }) },
      payload: query ? undefined : JSON.stringify({ ...Object.fromEntries(others), [field]: value }),
    });
    const body = response.json() as { status: number; attachment: unknown };
    const entries = Array.isArray(body.attachment) ? (body.attachment as { field: string; message: string }[]) : [];
    return { status: body.status, fields: entries.map((entry) => entry.field), entries };
  }

  /** Every operation's fields whose schema carries `key` (the contract's marks), with the mark's value. */
  async function markedFields(key: 'x-cursor' | 'x-date' | 'x-url' | 'x-token') {
    const openApi = await openApiDocument();
    const operations = operationsOf(openApi).filter((operation) => !/%|z{100}/.test(operation.path));
    const marked: { operation: Operation; field: string; mark: string }[] = [];
    for (const operation of operations) {
      for (const [field, schema] of Object.entries(operation.schemas)) {
        const mark = [schema, ...(schema.anyOf ?? [])]
          .map((option) => (option as Record<string, unknown>)[key])
          .find(Boolean);
        if (mark !== undefined) marked.push({ operation, field, mark: String(mark) });
      }
    }
    return marked;
  }

  async function expectRefused(marked: { operation: Operation; field: string }, value: string) {
    const answer = await answerFor(marked.operation, marked.field, value);
    expect(
      answer,
      `${marked.operation.method} ${marked.operation.path} ${marked.field}=${JSON.stringify(value)}`,
    ).toMatchObject({
      status: 400,
      fields: expect.arrayContaining([marked.field]),
    });
  }

  /** The field is not refused for what it is (`refusal`: any refusal of it, or one whose message matches). */
  async function expectAccepted(marked: { operation: Operation; field: string }, value: string, refusal?: RegExp) {
    const answer = await answerFor(marked.operation, marked.field, value);
    const refused = answer.entries.filter(
      (entry) => entry.field === marked.field && (refusal === undefined || refusal.test(entry.message)),
    );
    expect(refused, `${marked.operation.method} ${marked.operation.path} ${marked.field}=${value}`).toEqual([]);
  }

  it('refuses a cursor of another format, out of range or malformed, on every cursor field, naming it', async () => {
    const refused: Record<string, string[]> = {
      id: ['0_0', '1_1', '-1', 'abc', '9999999999999999', '1.5', '1 2'],
      timeId: ['1', '999999999999999_1', '253402300800000_1', '1_2_3', '-1_1', '1_-1', 'abc_def'],
      ledgerId: ['0_0', '9999999999999999999', '-1', 'abc'],
      offset: ['0_0', '9999999', '-1', 'abc'],
      searchHit: ['1', '1_2', '999999999999999_1_1', '253402300800000_1_1', '1_2_3_4', '-1_1_1', 'a_b_c'],
    };
    const accepted: Record<string, string> = {
      id: '1042',
      timeId: '1893456000000_1042',
      ledgerId: '1042',
      offset: '20',
      searchHit: '1893456000000_12_1042',
    };
    const marked = await markedFields('x-cursor');
    expect(marked.length).toBeGreaterThan(15);
    expect(new Set(marked.map((entry) => entry.mark))).toEqual(new Set(Object.keys(refused)));
    for (const entry of marked) {
      for (const value of refused[entry.mark]!) await expectRefused(entry, value);
      await expectAccepted(entry, accepted[entry.mark]!);
      await expectAccepted(entry, '');
    }
    // What the issue found, by name.
    for (const path of [
      '/user/getInvitedInfo',
      '/open/master/distribution',
      '/uservip/queryList',
      '/airdrop/list',
      '/shelves-coin/mine',
    ]) {
      expect(
        marked.some((entry) => entry.operation.path === path && entry.mark === 'id'),
        path,
      ).toBe(true);
    }
    expect(
      marked
        .filter((entry) => entry.mark === 'timeId')
        .map((entry) => entry.operation.path)
        .sort(),
    ).toEqual(['/activity/hosting', '/activity/list', '/activity/mine', '/notice/list']);
  });

  it('refuses dates outside 1900 to 2999 on every date and month field, naming it', async () => {
    const marked = await markedFields('x-date');
    expect(marked.some((entry) => entry.operation.path === '/calendar/month' && entry.mark === 'month')).toBe(true);
    expect(marked.length).toBeGreaterThan(10);
    for (const entry of marked) {
      const refused =
        entry.mark === 'month'
          ? ['0001-01', '1899-12', '3000-01', '9999-12']
          : ['0001-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '3000-01-01T00:00:00Z', '9999-12-31T23:59:59Z'];
      for (const value of refused) await expectRefused(entry, value);
      // Another rule of the route may still refuse it (an end before a start), never for its range or form.
      await expectAccepted(
        entry,
        entry.mark === 'month' ? '2030-01' : '2030-01-01T10:00:00.000Z',
        /between the years|is invalid|not valid/,
      );
    }
  });

  it('refuses a blank or malformed token on every token field, naming it', async () => {
    const marked = await markedFields('x-token');
    expect(marked.some((entry) => entry.operation.path === '/chat/room/join' && entry.field === 'inviteToken')).toBe(
      true,
    );
    for (const entry of marked) {
      for (const value of ['', ' ', '\u3000', 'a b', 'a/b']) await expectRefused(entry, value);
    }
  });

  it('stores only https links: every link field refuses javascript:, data: and the like, and accepts https', async () => {
    const marked = await markedFields('x-url');
    const fields = marked.map((entry) => `${entry.operation.path} ${entry.field}`);
    for (const expected of [
      '/admin/airdrop/create website',
      '/shelves-coin/apply website',
      '/shelves-coin/apply whitepaper',
      '/activity/create onlineUrl',
      '/bounty/submit link',
      '/chat/room/settings avatar',
    ]) {
      expect(fields).toContain(expected);
    }
    for (const entry of marked) {
      for (const value of [
        'javascript:alert(1)',
        'JavaScript:alert(document.cookie)',
        ' javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        'file:///etc/passwd',
        'http://example.com/page',
        'https://user:secret@example.com/',
        'https://localhost/',
        '//example.com/page',
      ]) {
        await expectRefused(entry, value);
      }
      await expectAccepted(entry, 'https://example.com/page');
    }
  });

  it('refuses every malformed multipart body on every upload route with 400 naming file', async () => {
    const openApi = await openApiDocument();
    const uploads = operationsOf(openApi).filter(
      (operation) => operation.multipart && !/%|z{100}/.test(operation.path),
    );
    expect(uploads.map((operation) => operation.path).sort()).toEqual([
      '/activity/image/upload',
      '/shelves-coin/logo/upload',
      '/user/avatar/upload',
      '/user/kyc2',
    ]);
    for (const operation of uploads) {
      const search = new URLSearchParams(
        Object.entries(operation.sample ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      for (const [label, contentType, payload] of malformedMultiparts()) {
        const response = await t.app.inject({
          method: 'POST',
          url: `${API_BASE}${operation.path}?${search}`,
          headers: { locale: 'en_US', token: other, 'content-type': contentType },
          payload,
        });
        expect({ http: response.statusCode, ...response.json() }, `${operation.path}: ${label}`).toMatchObject({
          http: 200,
          status: 400,
          attachment: [{ field: 'file' }],
        });
      }
    }
  });

  it('refuses control characters in payment fields', async () => {
    const added = await t.call('POST', '/user/payments/add', {
      token: other,
      body: { type: 1, holderName: 'Ann\u0000', account: 'x\u0001y' },
    });
    expect(added.status).toBe(400);
    expect((added.attachment as { field: string }[])[0]?.field).toMatch(/holderName|account/);
  });
});
