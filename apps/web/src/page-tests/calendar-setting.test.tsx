import { calendarApi } from '@polaris/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { mountScreen, signedInDuringEachTest, waitFor } from '@/components/test-mount.tsx';
import CalendarSettingPage from '@/pages/activity/my/calendar/setting/index.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn(), download: vi.fn() } }));

signedInDuringEachTest();
afterEach(() => vi.mocked(api.call).mockReset());

const personal = {
  url: 'https://polaris.example/rest/polarisex/calendar/feed/t0k3n.ics',
  webcalUrl: 'webcal://x/t.ics',
};
const hostLinks = {
  feed: {
    url: 'https://polaris.example/rest/polarisex/calendar/organizer/10000001.ics',
    webcalUrl: 'webcal://polaris.example/rest/polarisex/calendar/organizer/10000001.ics',
  },
  embed: {
    pageUrl: 'https://polaris.example/rest/polarisex/embed/organizer/10000001',
    snippet:
      '<script src="https://polaris.example/rest/polarisex/embed/listing.js" data-organizer="10000001" async></script>',
  },
};

async function mount(links: Promise<unknown>) {
  vi.mocked(api.call).mockImplementation(((route: unknown) =>
    route === calendarApi.feed
      ? Promise.resolve(personal)
      : route === calendarApi.hostLinks
        ? links
        : new Promise(() => {})) as typeof api.call);
  return mountScreen(<CalendarSettingPage />, '/');
}

describe('calendar settings: the public calendar and the embed line', () => {
  it('shows the public feed to subscribe to and the line to paste, as text (never as markup)', async () => {
    const container = await mount(Promise.resolve(hostLinks));
    const feed = await waitFor(container, '[data-testid="calendar-public-feed"]');
    expect(feed?.textContent).toBe(hostLinks.feed.webcalUrl);
    const embed = container.querySelector('[data-testid="calendar-embed"]');
    expect(embed?.textContent).toBe(hostLinks.embed.snippet);
    // The snippet is shown, not run: no script element was made from it.
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[data-testid="calendar-embed-preview"]')?.getAttribute('href')).toBe(
      hostLinks.embed.pageUrl,
    );
    expect(container.querySelector('[data-testid="calendar-embed-copy"]')?.getAttribute('aria-label')).toBeTruthy();
  });

  it('says so, with a retry, when the links could not be loaded', async () => {
    const container = await mount(Promise.reject(new Error('Network down')));
    expect(await waitFor(container, '[data-testid="calendar-feed-url"]')).not.toBeNull();
    await vi.waitFor(() => expect(container.textContent).toContain('Network down'));
    expect(container.querySelector('[data-testid="calendar-embed"]')).toBeNull();
  });
});
