import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stub answers to one request; `hang` never answers (a timeout), `destroy` drops the connection. */
export type StubAnswer =
  | { status?: number; json: unknown }
  | { status?: number; text: string; type?: string }
  | { hang: true }
  | { destroy: true };

export interface StubRequest {
  path: string;
  query: URLSearchParams;
  apiKey: string | undefined;
}

/**
 * A local stand-in for the DAO game API in tests, speaking its protocol (docs/daogame.md): `answer` decides
 * each reply, and every request is recorded with the key it carried.
 */
export async function startStubApi(answer: (request: StubRequest) => StubAnswer) {
  const requests: StubRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const key = req.headers['x-api-key'];
    const request = { path: url.pathname, query: url.searchParams, apiKey: typeof key === 'string' ? key : undefined };
    requests.push(request);
    const reply = answer(request);
    if ('hang' in reply) {
      open.add(res);
      return;
    }
    if ('destroy' in reply) {
      req.socket.destroy();
      return;
    }
    const isJson = 'json' in reply;
    res.writeHead(reply.status ?? 200, {
      'content-type': isJson ? 'application/json' : ('type' in reply && reply.type) || 'text/html',
    });
    res.end(isJson ? JSON.stringify(reply.json) : reply.text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A catalogue in the API's envelope, as the real API would answer `/games`. */
export function stubCatalogue(games: object[] = [stubGame()]) {
  return {
    code: 200,
    msg: 'success',
    data: { categories: [{ id: 'racing', name: 'Racing' }], games },
  };
}

export function stubGame(overrides: object = {}) {
  return {
    id: 'turbo-drift',
    name: 'Turbo Drift',
    icon: '/static/turbo-drift.png',
    category: 'racing',
    score: 4.66,
    players: 1200,
    tagline: 'Drift through neon streets',
    featured: true,
    description: 'A racing game.',
    developer: 'Neon Works',
    releasedAt: '2024-05-01T00:00:00Z',
    ...overrides,
  };
}
