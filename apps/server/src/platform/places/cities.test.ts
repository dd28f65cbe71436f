import { describe, expect, it } from 'vitest';
import { CITIES, canonicalCity, cityName, cityNames, matchCity, nearestCity, searchCities } from './cities.ts';

describe('city catalogue', () => {
  it('has a few hundred cities with unique ids, three names, a real time zone and a position', () => {
    expect(CITIES.length).toBeGreaterThan(250);
    expect(new Set(CITIES.map((city) => city.id)).size).toBe(CITIES.length);
    for (const city of CITIES) {
      expect(city.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(city.country).toMatch(/^[A-Z]{2}$/);
      expect(Math.abs(city.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(city.lon)).toBeLessThanOrEqual(180);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: city.timezone })).not.toThrow();
      for (const name of Object.values(city.names)) expect(name.length).toBeGreaterThan(0);
    }
  });

  it('holds the seeded demo cities', () => {
    for (const name of ['Taipei', 'Hong Kong', 'Singapore', 'Tokyo', 'Kuala Lumpur']) {
      expect(matchCity(name)?.names.en).toBe(name);
    }
  });

  it.each([
    ['台北', 'taipei'],
    ['臺北', 'taipei'],
    ['Taipei', 'taipei'],
    ['taipei city', 'taipei'],
    ['  TAIPEI ', 'taipei'],
    ['ＴＡＩＰＥＩ', 'taipei'],
    ['臺北市', 'taipei'],
    ['北京', 'beijing'],
    ['Peking', 'beijing'],
    ['東京', 'tokyo'],
    ['东京', 'tokyo'],
    ['Tōkyō', 'tokyo'],
    ['臺中市', 'taichung'],
    ['São Paulo', 'sao-paulo'],
    ['sao paulo', 'sao-paulo'],
    ['서울', 'seoul'],
    ['Saigon', 'ho-chi-minh-city'],
    ['新加坡', 'singapore'],
    ['吉隆坡', 'kuala-lumpur'],
    ['香港', 'hong-kong'],
  ])('matches %s to %s', (typed, id) => {
    expect(matchCity(typed)?.id).toBe(id);
    expect(canonicalCity(typed)).toBe(id);
  });

  it('keeps text that names no catalogue city as given, trimmed', () => {
    expect(matchCity('Springfield Gardens')).toBeUndefined();
    expect(canonicalCity('  Springfield Gardens ')).toBe('Springfield Gardens');
    expect(cityNames('Springfield Gardens')).toBeNull();
    expect(cityName('Springfield Gardens', 'zh-Hant')).toBe('Springfield Gardens');
  });

  it('names an id in each language', () => {
    expect(cityNames('taipei')).toEqual({ en: 'Taipei', 'zh-Hant': '臺北', 'zh-Hans': '台北' });
    expect(cityName('tokyo', 'zh-Hans')).toBe('东京');
  });

  it('searches by prefix in any script and finds the city nearest a point', () => {
    expect(searchCities('台', 10).map((city) => city.id)).toEqual(expect.arrayContaining(['taipei', 'taichung']));
    expect(searchCities('kuala', 5)[0]?.id).toBe('kuala-lumpur');
    expect(searchCities('', 5)).toEqual([]);
    expect(nearestCity({ lat: 25.0339, lon: 121.5645 }).city.id).toBe('taipei');
    expect(nearestCity({ lat: 35.6595, lon: 139.7005 }).city.timezone).toBe('Asia/Tokyo');
  });
});
