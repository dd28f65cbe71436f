import { activitySeriesApi, type Series } from '@polaris/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { mountScreen, signedInDuringEachTest, waitFor } from '@/components/test-mount.tsx';
import SeriesPage from '@/pages/activity/series/index.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn(), download: vi.fn() } }));

signedInDuringEachTest();
afterEach(() => vi.mocked(api.call).mockReset());

const occurrence = (index: number, day: number) => ({
  index,
  activityId: `occ${index}AAAAAAAA`,
  startsAt: `2027-01-${String(day).padStart(2, '0')}T11:00:00.000Z`,
  endsAt: `2027-01-${String(day).padStart(2, '0')}T13:00:00.000Z`,
  status: 'published' as const,
  phase: 'upcoming' as const,
});

const series: Series = {
  id: '7',
  title: 'Second Tuesday Builders',
  frequency: 'monthlyByWeekday',
  weekOfMonth: 2,
  until: null,
  count: 6,
  timezone: 'Asia/Taipei',
  endedAt: null,
  organizer: { uid: '10000001', name: 'Olivia' },
  followers: 3,
  following: false,
  canManage: false,
  upcoming: [occurrence(0, 12), { ...occurrence(1, 19), status: 'cancelled' }],
};

async function mount(answer: Series) {
  vi.mocked(api.call).mockImplementation(((route: unknown) =>
    route === activitySeriesApi.get
      ? Promise.resolve(answer)
      : route === activitySeriesApi.follow
        ? Promise.resolve({})
        : new Promise(() => {})) as typeof api.call);
  return mountScreen(<SeriesPage />, '/?id=7');
}

describe('the series page', () => {
  it('says the rule in words and links each coming date to its page', async () => {
    const container = await mount(series);
    const rule = await waitFor(container, '[data-testid="series-rule"]');
    // No catalogue in unit tests: the keys show which words were chosen ("the second …", "6 dates").
    expect(rule?.textContent).toBe('series.choice.monthlyByWeekday · series.page.count');
    const links = [...container.querySelectorAll<HTMLAnchorElement>('[data-testid="series-occurrence"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/pages/activity/details/index?id=occ0AAAAAAAA',
      '/pages/activity/details/index?id=occ1AAAAAAAA',
    ]);
    expect(links[0]?.textContent).toContain('19:00');
    expect(container.textContent).toContain('series.status.cancelled');
    expect(container.querySelector('[data-testid="series-end"]')).toBeNull();
  });

  it('follows the series for someone else, and offers the organizer its end instead', async () => {
    const container = await mount(series);
    const follow = await waitFor<HTMLButtonElement>(container, '[data-testid="series-follow"]');
    expect(follow?.getAttribute('aria-pressed')).toBe('false');
    await act(async () => follow?.click());
    await vi.waitFor(() =>
      expect(vi.mocked(api.call)).toHaveBeenCalledWith(activitySeriesApi.follow, { id: '7', follow: true }),
    );

    const own = await mount({ ...series, canManage: true });
    expect(await waitFor(own, '[data-testid="series-end"]')).not.toBeNull();
    expect(own.querySelector('[data-testid="series-follow"]')).toBeNull();
  });
});
