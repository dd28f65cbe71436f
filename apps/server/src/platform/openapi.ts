import * as contract from '@polaris/contract';
import { API_BASE, APP_VERSION } from '@polaris/contract';
import { z } from 'zod';
import {
  ASYNCAPI_PATH,
  CLIENT_HASHES,
  COMPONENT_NOTES,
  COMPONENTS,
  DESCRIPTION,
  ENVELOPE_SCHEMAS,
  type Json,
  OPENAPI_PATH,
  ref,
  SIGNING,
} from './openapi-envelope.ts';
import { operationOf, SECURITY_SCHEMES } from './openapi-operation.ts';
import type { RegisteredRoute } from './router.ts';

export { ASYNCAPI_PATH, OPENAPI_PATH };

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

/** Each route's operation id; two routes that would share one are a mistake in the route table. */
function operationIds(routes: RegisteredRoute[]): Map<RegisteredRoute, string> {
  const ids = new Map<RegisteredRoute, string>();
  const taken = new Map<string, RegisteredRoute>();
  for (const route of routes) {
    const id = operationIdOf(route.method, route.path);
    const clash = taken.get(id);
    if (clash) throw new Error(`OpenAPI: ${route.method} ${route.path} and ${clash.path} both make ${id}`);
    taken.set(id, route);
    ids.set(route, id);
  }
  return ids;
}

/** The OpenAPI 3.1 document, built from the same zod schemas that validate each route. */
export function buildOpenApi(routes: RegisteredRoute[]): Json {
  const ids = operationIds(routes);
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
    const inputName = named(route.input, 'input');
    const operation = operationOf(route, ids.get(route)!, {
      input: all[inputName]!,
      inputName,
      outputName: route.output ? named(route.output, 'output') : null,
    });
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
      securitySchemes: SECURITY_SCHEMES,
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
