import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_CITIES_PATH,
  ACTIVITY_LIST_PATH,
  activityListParams,
  homeListFilter,
} from '@/api/activity-requests.ts';
import { envelope, setup } from '@/api/request-fixture.ts';
import { firstScreenCalls, sendEarlyRequests, takeEarlyResponse } from './early-requests.ts';

const identity = { token: 'tok-123', uid: '42', uuid: 'uu-1' };

describe("the first screen's early requests", () => {
  afterEach(() => {
    delete window.polarisEarlyRequests;
    vi.unstubAllGlobals();
  });

  it("are the home's list and cities, and nothing for another page", () => {
    const calls = firstScreenCalls('/', { language: 'en', city: 'taipei', identity });
    expect(calls.map((call) => new URL(call.url, 'http://app.test').pathname)).toEqual([
      `/rest/polarisex${ACTIVITY_LIST_PATH}`,
      `/rest/polarisex${ACTIVITY_CITIES_PATH}`,
    ]);
    expect(firstScreenCalls('/pages/activity/index/index', { language: 'en', city: '', identity })).toHaveLength(2);
    expect(firstScreenCalls('/pages/my/index', { language: 'en', city: '', identity })).toEqual([]);
  });

  it('ask for exactly what the request layer sends for the same page, so it takes their answers', async () => {
    const early = vi.fn(async () => envelope(200, 'Success', { items: ['early'] }));
    vi.stubGlobal('fetch', early);
    sendEarlyRequests(firstScreenCalls('/', { language: 'en', city: 'taipei', identity }));
    const { effects, client } = setup();
    const network = vi.fn(async () => envelope(200, 'Success', { items: ['network'] }));
    effects.fetch.mockImplementation(
      async (url, init) => (await takeEarlyResponse(url, init)) ?? (network as () => Promise<Response>)(),
    );

    const list = await client.get(
      ACTIVITY_LIST_PATH,
      activityListParams(homeListFilter({ city: 'taipei' }), undefined),
    );
    const cities = await client.get(ACTIVITY_CITIES_PATH);
    expect([list, cities]).toEqual([{ items: ['early'] }, { items: ['early'] }]);
    expect(network).not.toHaveBeenCalled();
    // Once: asking again goes to the network.
    expect(await client.get(ACTIVITY_CITIES_PATH)).toEqual({ items: ['network'] });
  });

  it('are not taken for another URL, other headers or a POST', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(200, 'Success')),
    );
    sendEarlyRequests([
      { url: '/rest/polarisex/activity/cities?locale=en_US', headers: { appid: 'a', locale: 'en_US' } },
    ]);
    const url = '/rest/polarisex/activity/cities?locale=en_US';
    expect(takeEarlyResponse(`${url}&uid=42`, { headers: { appid: 'a', locale: 'en_US' } })).toBeNull();
    expect(takeEarlyResponse(url, { headers: { appid: 'a', locale: 'en_US', token: 't' } })).toBeNull();
    expect(takeEarlyResponse(url, { method: 'POST', headers: { appid: 'a', locale: 'en_US' } })).toBeNull();
    expect(takeEarlyResponse(url, { headers: { locale: 'en_US', appid: 'a' } })).not.toBeNull();
  });

  it("are cancelled by the caller's signal", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    sendEarlyRequests([{ url: '/x', headers: {} }]);
    const controller = new AbortController();
    const answer = takeEarlyResponse('/x', { headers: {}, signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toThrow('cancelled');
  });
});
