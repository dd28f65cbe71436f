import { EmptyInput } from '@polaris/contract';
import { buildAsyncApi } from './asyncapi.ts';
import { ASYNCAPI_PATH, buildOpenApi, OPENAPI_PATH } from './openapi.ts';
import type { Router } from './router.ts';

/**
 * The machine-readable API: the OpenAPI document of every route and the AsyncAPI document of the chat WebSocket,
 * served through the router like any file route (rate limit, hostile-input refusal) and listed in the OpenAPI
 * document themselves. Each is built once, on its first request, when every route is registered.
 */
export function registerApiDocuments(router: Router): void {
  const documents: [path: string, summary: string, build: () => Record<string, unknown>][] = [
    [OPENAPI_PATH, 'This OpenAPI 3.1 document', () => buildOpenApi(router.routes)],
    [ASYNCAPI_PATH, 'The AsyncAPI 3.0 document of the chat WebSocket', buildAsyncApi],
  ];
  for (const [path, summary, build] of documents) {
    let built: Record<string, unknown> | undefined;
    router.raw({
      method: 'GET',
      path,
      summary,
      tags: ['meta'],
      auth: 'public',
      input: EmptyInput,
      params: {},
      produces: 'application/json',
      handler: async () => {
        built ??= build();
        return { type: 'application/json; charset=utf-8', body: built };
      },
    });
  }
}
