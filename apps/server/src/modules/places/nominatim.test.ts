import { afterEach, describe, expect, it } from 'vitest';
import { startNominatimStub } from '../../test/nominatim-stub.ts';
import { GeocoderUnavailableError } from './geocoder.ts';
import { NominatimGeocoder } from './nominatim.ts';

let stub: Awaited<ReturnType<typeof startNominatimStub>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function started() {
  stub = await startNominatimStub();
  return { geocoder: new NominatimGeocoder({ baseUrl: `${stub.url}/`, timeoutMs: 2000 }), stub };
}

describe('the Nominatim adapter', () => {
  it('asks /search in jsonv2 with the reader language, and files the result under the catalogue city and zone', async () => {
    const { geocoder, stub } = await started();
    const [place] = await geocoder.search('taipei 101', 'zh-Hant', 5);
    expect(stub.requests[0]?.path).toBe('/search');
    expect(stub.requests[0]?.query.get('format')).toBe('jsonv2');
    expect(stub.requests[0]?.query.get('accept-language')).toBe('zh-TW,zh');
    expect(stub.requests[0]?.query.get('limit')).toBe('5');
    expect(stub.requests[0]?.userAgent).toContain('Polaris');
    expect(place).toMatchObject({
      kind: 'venue',
      name: '台北101',
      city: 'taipei',
      cityNames: { 'zh-Hant': '臺北' },
      country: 'TW',
      lat: 25.0339639,
      timezone: 'Asia/Taipei',
    });
    expect(place?.label).toContain('信義區');
  });

  it('gives a place outside the catalogue the zone of the nearest catalogue city', async () => {
    const { geocoder } = await started();
    const [place] = await geocoder.search('jiufen', 'en', 5);
    expect(place).toMatchObject({ kind: 'city', name: 'Jiufen', city: 'Jiufen', cityNames: null });
    expect(place).toMatchObject({ timezone: 'Asia/Taipei', country: 'TW' });
  });

  it('answers an empty list when nothing matches', async () => {
    const { geocoder } = await started();
    await expect(geocoder.search('nowhere at all', 'en', 5)).resolves.toEqual([]);
  });

  it('fails with GeocoderUnavailableError on an error status, an unreadable answer, or no server', async () => {
    const { geocoder, stub } = await started();
    stub.state.mode = 'error';
    await expect(geocoder.search('taipei', 'en', 5)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    stub.state.mode = 'garbage';
    await expect(geocoder.search('taipei', 'en', 5)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    const gone = new NominatimGeocoder({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 500 });
    await expect(gone.search('taipei', 'en', 5)).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });
});
