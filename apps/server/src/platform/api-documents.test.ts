import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import asyncApiSpecs from '@asyncapi/specs';
import { API_BASE, CHAT_CLOSE, ChatClientFrame, ChatServerFrame, needsSignature, Status } from '@polaris/contract';
import Ajv from 'ajv';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { resolveRefs } from '../test/json-refs.ts';
import { operationIdOf } from './openapi.ts';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document, read field by field
type Json = Record<string, any>;
let t: TestApp;
let openApi: Json;
let asyncApi: Json;

beforeAll(async () => {
  t = await createTestApp();
  openApi = (await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` })).json();
  asyncApi = (await t.app.inject({ method: 'GET', url: `${API_BASE}/asyncapi.json` })).json();
});
afterAll(() => t.close());

const operationsOf = (document: Json) =>
  Object.entries(document.paths as Json).flatMap(([route, methods]) =>
    Object.entries(methods as Json).map(([method, operation]) => ({ route, method, operation: operation as Json })),
  );

describe('the OpenAPI document', () => {
  it('names every operation with a unique, stable identifier and describes it', () => {
    const operations = operationsOf(openApi);
    expect(operations.length).toBeGreaterThan(150);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { route, method, operation } of operations) {
      expect(operation.operationId, `${method} ${route}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(operation.operationId).toBe(operationIdOf(method, route));
      expect(operation.description, `${method} ${route}`).toContain(operation.summary);
      expect(operation.description).toMatch(/Auth: /);
    }
    const byId = Object.fromEntries(operations.map((entry) => [entry.operation.operationId, entry]));
    expect(byId.getActivityList?.route).toBe('/activity/list');
    expect(byId.postUserLogin?.route).toBe('/user/login');
    expect(byId.getActivityImageByIdByFile?.route).toBe('/activity/image/{id}/{file}');
    expect(byId.getActivityNftByPublicIdMetadataJson?.route).toBe('/activity/nft/{publicId}/metadata.json');
    expect(byId.getAsyncapiJson?.route).toBe('/asyncapi.json');
  });

  it('describes the business statuses, the envelope and field errors once, as shared schemas', () => {
    const schemas = openApi.components.schemas as Json;
    expect(schemas.Status.oneOf.map((option: Json) => option.const)).toEqual(Object.values(Status));
    for (const option of schemas.Status.oneOf)
      expect(option.description.length, String(option.const)).toBeGreaterThan(30);
    expect(schemas.FailureStatus.oneOf.map((option: Json) => option.const)).not.toContain(200);
    expect(schemas.Failure.properties.status).toEqual({ $ref: '#/components/schemas/FailureStatus' });
    expect(schemas.FieldError.required).toEqual(['field', 'message']);
    // Every envelope is "success with the result" or the shared failure, whose statuses are the contract's.
    const login = resolveRefs(openApi).paths['/user/login'].post.responses['200'].content['application/json'].schema;
    expect(login.oneOf[0].properties.status.const).toBe(200);
    expect(login.oneOf[0].properties.attachment.required).toEqual(
      expect.arrayContaining(['token', 'signingKey', 'uid']),
    );
    expect(login.oneOf[1].properties.status.oneOf.map((option: Json) => option.const)).toContain(Status.sessionInvalid);
  });

  it('shares the contract schemas that several routes use through $ref, every one of which resolves', () => {
    const text = JSON.stringify(openApi);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(schemas|responses)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(300);
    for (const [, kind, name] of refs) expect(openApi.components[kind!][name!], `${kind}/${name}`).toBeDefined();
    const uses = (name: string) => refs.filter(([, , target]) => target === name).length;
    for (const name of ['ChatMessageOutput', 'ActivitySummaryOutput', 'idCursor', 'passwordHashField', 'Failure']) {
      expect(uses(name), name).toBeGreaterThan(1);
    }
    // A schema used in one place only is written there, not shared.
    for (const name of Object.keys(openApi.components.schemas)) {
      if (['Status', 'FailureStatus', 'Failure', 'FieldError', 'FieldErrors', 'HttpError'].includes(name)) continue;
      expect(uses(name), name).toBeGreaterThan(1);
    }
  });

  it('documents the signed calls and the client-side password hashes precisely enough to implement them', () => {
    for (const { route, method, operation } of operationsOf(openApi)) {
      const signed = needsSignature(route);
      expect(operation['x-signed'] === true, `${method} ${route}`).toBe(signed);
      if (signed) {
        expect(operation.security).toEqual([{ token: [], signatureTimestamp: [], signatureNonce: [], signature: [] }]);
      }
    }
    expect(operationsOf(openApi).filter(({ operation }) => operation['x-signed']).length).toBeGreaterThan(3);
    const schemes = openApi.components.securitySchemes;
    expect([schemes.token.name, schemes.signatureTimestamp.name, schemes.signatureNonce.name]).toEqual([
      'token',
      'timestamp',
      'nonce',
    ]);
    expect(schemes.signature).toMatchObject({ in: 'header', name: 'authorization' });
    expect(openApi['x-signed-requests']).toMatchObject({ pathPrefixes: ['/user/identity', '/mining'] });
    expect(openApi.info.description).toContain('polarisex/login/v1:');
    expect(openApi.info.description).toContain('hex(sha256(body))');
    const login = openApi.components.schemas.PasswordLoginInput;
    expect(login.properties.password).toEqual({ $ref: '#/components/schemas/passwordHashField' });
    expect(openApi.components.schemas.passwordHashField['x-client-hash'].input).toBe('polarisex/login/v1:{password}');
  });

  it('passes a structural validation of OpenAPI 3.1 (swagger-parser, every $ref resolved)', async () => {
    await expect(SwaggerParser.validate(structuredClone(openApi) as never)).resolves.toBeDefined();
    const broken = structuredClone(openApi);
    broken.paths['/activity/list'].get.responses = { '200': { $ref: '#/components/responses/Missing' } };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('generates a TypeScript client (openapi-typescript) that a typed program compiles against', async () => {
    const generated = astToString(await openapiTS(structuredClone(openApi) as never));
    const dir = await mkdtemp(path.join(tmpdir(), 'polaris-client-'));
    try {
      await writeFile(path.join(dir, 'api.ts'), generated);
      await writeFile(
        path.join(dir, 'program.ts'),
        `import type { paths, components, operations } from './api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type ListAnswer = Json<paths['/activity/list']['get']['responses'][200]>;
type ListQuery = NonNullable<paths['/activity/list']['get']['parameters']['query']>;
type LoginBody = Json<paths['/user/login']['post']['requestBody']>;
type LoginAnswer = Json<operations['postUserLogin']['responses'][200]>;

const query: ListQuery = { city: 'Taipei', cursor: '1893456000000_1042' };
const body: LoginBody = { email: 'ann@example.com', password: 'ab'.repeat(32) };
// @ts-expect-error a login needs its password hash
const noPassword: LoginBody = { email: 'ann@example.com' };

export function titles(answer: ListAnswer): string[] {
  if (answer.status === 200) return answer.attachment.items.map((item) => item.title);
  const status: components['schemas']['FailureStatus'] = answer.status;
  // @ts-expect-error a failure carries no items
  answer.attachment.items;
  return [answer.msg, String(status)];
}

export function session(answer: LoginAnswer): { token: string; key: string } | null {
  if (answer.status !== 200) return null;
  // @ts-expect-error a token is text, not a number
  const wrong: number = answer.attachment.token;
  return { token: answer.attachment.token, key: answer.attachment.signingKey };
}
export const used = [query, body, noPassword];
`,
      );
      const program = ts.createProgram([path.join(dir, 'program.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        noUnusedLocals: false,
        types: [],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the AsyncAPI document of the chat WebSocket', () => {
  it('is linked from the OpenAPI document and is a valid AsyncAPI 3.0 document', () => {
    expect(openApi['x-asyncapi']).toBe(`${API_BASE}/asyncapi.json`);
    expect(asyncApi.asyncapi).toBe('3.0.0');
    // The AsyncAPI schema bundles its own copy of the draft-07 meta-schema: Ajv's is left out.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, meta: false, validateSchema: false });
    const validate = ajv.compile(asyncApiSpecs.schemas['3.0.0'] as object);
    expect(validate(asyncApi), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    expect(validate({ ...asyncApi, operations: { broken: { action: 'shout' } } })).toBe(false);
    // Every close code the server uses is named, the drain's 1012 among them.
    for (const { code, reason } of Object.values(CHAT_CLOSE)) {
      expect(asyncApi.info.description).toContain(`${code} \`${reason}\``);
    }
  });

  it('has a message for every frame of the contract, both ways, whose payload accepts real frames', () => {
    const messages = asyncApi.components.messages as Json;
    const names = (direction: string) =>
      Object.values(messages)
        .filter((message) => (message as Json).title.includes(direction))
        .map((message) => (message as Json).name)
        .sort();
    expect(names('client to server')).toEqual(ChatClientFrame.options.map((o) => o.shape.type.value).sort());
    expect(names('server to client')).toEqual(ChatServerFrame.options.map((o) => o.shape.type.value).sort());
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ components: asyncApi.components }, 'doc');
    const payload = (name: string) => ajv.compile({ $ref: `doc#${messages[name].payload.$ref.slice(1)}` });
    const message = {
      ...{
        roomId: '7',
        seq: 3,
        kind: 'text',
        senderUid: '10000001',
        senderName: 'Ann',
        senderAvatar: null,
        text: 'hi',
        imageId: null,
      },
      ...{ replyTo: null, mentions: [], event: null, targetUid: null, targetName: null, ref: null },
      ...{ deleted: false, createdAt: '2030-01-01T10:00:00.000Z' },
    };
    const frames: [string, unknown, boolean][] = [
      ['clientSubscribe', { type: 'subscribe', roomId: '7', afterSeq: 2 }, true],
      ['clientSend', { type: 'send', roomId: '7', text: 'hi', clientId: 'c1' }, true],
      ['clientSend', { type: 'send', text: 'no room' }, false],
      ['clientPing', { type: 'ping' }, true],
      ['serverMessage', { type: 'message', message }, true],
      ['serverMessage', { type: 'message', message: { ...message, seq: 'three' } }, false],
      ['serverAck', { type: 'ack', clientId: 'c1', roomId: '7', seq: 3 }, true],
      ['serverError', { type: 'error', code: 400, message: 'Invalid', field: 'text', clientId: null }, true],
      ['serverPong', { type: 'pong', id: null }, true],
    ];
    for (const [name, frame, valid] of frames) {
      expect(payload(name)(frame), `${name} ${JSON.stringify(frame)}`).toBe(valid);
      // The same frame as the contract reads it (client) or writes it (server).
      const schema = name.startsWith('client') ? ChatClientFrame : ChatServerFrame;
      expect(schema.safeParse(frame).success, `${name} by the contract`).toBe(valid);
    }
    expect(asyncApi.channels.chat.address).toBe('/ws');
    expect(asyncApi.servers.polaris.pathname).toBe(API_BASE);
  });
});
