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
  let openApi: Record<string, unknown> | undefined;
  let asyncApi: Record<string, unknown> | undefined;
  router.raw({
    method: 'GET',
    path: OPENAPI_PATH,
    summary: 'This OpenAPI 3.1 document',
    tags: ['meta'],
    auth: 'public',
    input: EmptyInput,
    params: {},
    produces: 'application/json',
    handler: async () => {
      openApi ??= buildOpenApi(router.routes);
      return { type: 'application/json; charset=utf-8', body: openApi };
    },
  });
  router.raw({
    method: 'GET',
    path: ASYNCAPI_PATH,
    summary: 'The AsyncAPI 3.0 document of the chat WebSocket',
    tags: ['meta'],
    auth: 'public',
    input: EmptyInput,
    params: {},
    produces: 'application/json',
    handler: async () => {
      asyncApi ??= buildAsyncApi();
      return { type: 'application/json; charset=utf-8', body: asyncApi };
    },
  });
}
