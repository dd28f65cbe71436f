import { type Activity, activitySeriesApi } from '@polaris/contract';
import { act } from 'react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { href, PATHS } from '@/app/paths.ts';
import { ManageTools } from '@/components/host/ManageTools.tsx';
import { mountScreen, signedInDuringEachTest, waitFor } from '@/components/test-mount.tsx';
import { ApiError } from '@/lib/api-error.ts';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));
signedInDuringEachTest();
afterEach(() => vi.mocked(api.call).mockReset());

const SELF = '10000002';

/** A published activity on Tuesday 12 January 2027, 19:00 in Taipei (the month's second Tuesday). */
const activity = (organizerUid: string) =>
  ({
    id: 'a1',
    status: 'published',
    phase: 'upcoming',
    title: 'Weekly Builders',
    startsAt: '2027-01-12T11:00:00.000Z',
    endsAt: '2027-01-12T13:00:00.000Z',
    timezone: 'Asia/Taipei',
    organizer: { uid: organizerUid, name: 'Olivia', avatar: null },
    coHosts: organizerUid === SELF ? [] : [{ uid: SELF, name: 'Cory', avatar: null }],
    can: { edit: true, manage: true, checkIn: true, cancelActivity: organizerUid === SELF },
  }) as unknown as Activity;

const made = { id: '7', title: 'Weekly Builders', frequency: 'biweekly', canManage: true, upcoming: [] };

/** Where the app is, so a test can see it went to the series page. */
function Here() {
  const location = useLocation();
  return <output data-testid="here">{`${location.pathname}${location.search}`}</output>;
}

async function mountTools(organizerUid: string) {
  return mountScreen(
    <>
      <ManageTools activity={activity(organizerUid)} pending={0} onReview={() => undefined} />
      <Here />
    </>,
  );
}

const byId = <T extends HTMLElement = HTMLElement>(testId: string) =>
  document.querySelector<T>(`[data-testid="${testId}"]`);
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
async function type(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The organizer's tools, with the sheet open. */
async function openSheet() {
  const row = await waitFor(await mountTools(SELF), '[data-testid="manage-repeat"]');
  await act(async () => row!.click());
}

describe('the manage page’s “Repeat…”', () => {
  it('offers the organizer the rules of the start’s day, sends what was chosen and goes to the new series', async () => {
    vi.mocked(api.call).mockImplementation(async (route) => (route === activitySeriesApi.of ? { series: null } : made));
    const container = await mountTools(SELF);
    const row = await waitFor(container, '[data-testid="manage-repeat"]');
    expect(row?.textContent).toContain('series.manage.repeat');
    await act(async () => row!.click());
    const rules = byId<HTMLSelectElement>('manage-repeat-choice')!;
    expect([...rules.options].map((option) => option.value)).toEqual([
      'weekly',
      'biweekly',
      'monthlyByDate',
      'monthlyByWeekday',
    ]);
    expect(rules.value).toBe('weekly');
    await choose(rules, 'biweekly');
    await type(byId<HTMLInputElement>('manage-repeat-count')!, '5');
    await act(async () => byId('manage-repeat-confirm')!.click());
    await settle();
    expect(api.call).toHaveBeenCalledWith(activitySeriesApi.create, {
      activityId: 'a1',
      frequency: 'biweekly',
      weekOfMonth: null,
      count: 5,
      until: null,
    });
    expect(byId('here')?.textContent).toBe(href(PATHS.activitySeries, { id: '7' }));
  });

  it('puts the server’s refusal under the last day and keeps what was chosen', async () => {
    vi.mocked(api.call).mockImplementation(async (route) => {
      if (route === activitySeriesApi.of) return { series: null };
      throw new ApiError('invalid', 400, 'invalid', null, [{ field: 'until', message: 'Too late for this series' }]);
    });
    await openSheet();
    await choose(byId<HTMLSelectElement>('manage-repeat-choice')!, 'monthlyByWeekday');
    await choose(byId<HTMLSelectElement>('manage-repeat-end')!, 'until');
    await type(byId<HTMLInputElement>('manage-repeat-until')!, '2027-06-30');
    await act(async () => byId('manage-repeat-confirm')!.click());
    await settle();
    expect(api.call).toHaveBeenCalledWith(activitySeriesApi.create, {
      activityId: 'a1',
      frequency: 'monthlyByWeekday',
      weekOfMonth: 2,
      until: '2027-06-30',
      count: null,
    });
    expect(byId('manage-repeat-until-error')?.textContent).toBe('Too late for this series');
    expect(byId('manage-repeat-until')?.getAttribute('aria-invalid')).toBe('true');
    expect(byId<HTMLInputElement>('manage-repeat-until')?.value).toBe('2027-06-30');
    expect(byId<HTMLSelectElement>('manage-repeat-choice')?.value).toBe('monthlyByWeekday');
    expect(byId('here')?.textContent).toBe('/');
  });

  it('says what is wrong before sending a count out of range', async () => {
    vi.mocked(api.call).mockResolvedValue({ series: null });
    await openSheet();
    await type(byId<HTMLInputElement>('manage-repeat-count')!, '1');
    await act(async () => byId('manage-repeat-confirm')!.click());
    expect(byId('manage-repeat-count-error')?.textContent).toBe('series.form.countRange');
    expect(api.call).not.toHaveBeenCalledWith(activitySeriesApi.create, expect.anything());
  });

  it('is not offered to a co-host', async () => {
    vi.mocked(api.call).mockResolvedValue({ series: null });
    const container = await mountTools('10000001');
    await waitFor(container, '[data-testid="manage-group-promote"]');
    await settle();
    await settle();
    expect(api.call).toHaveBeenCalledWith(activitySeriesApi.of, { activityId: 'a1' }, { silent: true });
    expect(byId('manage-repeat')).toBeNull();
    expect(byId('manage-series')).toBeNull();
  });

  it('links an activity already in a series to its series page instead', async () => {
    vi.mocked(api.call).mockResolvedValue({
      series: { id: '5', index: 2, title: 'Weekly Builders', frequency: 'weekly', canManage: true },
    });
    const container = await mountTools(SELF);
    const link = await waitFor<HTMLAnchorElement>(container, '[data-testid="manage-series"]');
    expect(link?.textContent).toContain('series.page.title');
    expect(link?.getAttribute('href')).toBe(href(PATHS.activitySeries, { id: '5' }));
    expect(byId('manage-repeat')).toBeNull();
  });
});
