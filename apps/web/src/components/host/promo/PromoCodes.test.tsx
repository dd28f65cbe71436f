import { type Activity, activityApi, activitySeriesApi, type PromoCode } from '@polaris/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { mountScreen, signedInDuringEachTest, waitFor } from '@/components/test-mount.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { PromoCodeForm, promoPayload } from './PromoCodeForm.tsx';
import { PromoCodeList } from './PromoCodeList.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));
signedInDuringEachTest();
afterEach(() => vi.mocked(api.call).mockReset());

const activity = {
  id: 'a1',
  timezone: 'Asia/Taipei',
  can: { edit: true },
  ticketTypes: [
    { id: 't1', name: 'Standard', asset: 'USDT', hidden: false },
    { id: 't2', name: 'Speaker', asset: null, hidden: true },
  ],
} as unknown as Activity;

const code = (over: Partial<PromoCode>): PromoCode => ({
  id: '1',
  code: 'TWENTY',
  kind: 'percent',
  percentOff: 20,
  amountOff: null,
  asset: null,
  ticketTypeIds: [],
  maxUses: 10,
  uses: 3,
  validFrom: null,
  validUntil: null,
  disabled: false,
  createdAt: '2026-11-01T00:00:00Z',
  ...over,
});

const all = (testId: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
async function type(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the organizer’s promo codes', () => {
  it('lists each code with its uses, and offers disabling only a code still on', async () => {
    vi.mocked(api.call).mockResolvedValue({
      items: [code({}), code({ id: '2', code: 'SPEAKER', kind: 'free', ticketTypeIds: ['t2'], disabled: true })],
    });
    const container = await mountScreen(<PromoCodeList activity={activity} />);
    await waitFor(container, '[data-testid="promo-list"]');
    expect(api.call).toHaveBeenCalledWith(activityApi.promoList, { activityId: 'a1' });
    const rows = all('promo-row');
    expect(rows.map((row) => [row.dataset.code, row.dataset.disabled])).toEqual([
      ['TWENTY', 'false'],
      ['SPEAKER', 'true'],
    ]);
    expect(rows[1]!.textContent).toContain('Speaker');
    expect(rows.map((row) => row.querySelector('[data-testid="promo-disable"]') !== null)).toEqual([true, false]);
  });

  it('says so when there is no code yet', async () => {
    vi.mocked(api.call).mockResolvedValue({ items: [] });
    const container = await mountScreen(<PromoCodeList activity={activity} />);
    expect(await waitFor(container, '[data-testid="promo-empty"]')).not.toBeNull();
  });

  it('sends a free speaker code for the hidden type', async () => {
    vi.mocked(api.call).mockResolvedValue(code({ id: '9' }));
    await mountScreen(<PromoCodeForm activity={activity} />);
    await type(document.querySelector<HTMLInputElement>('#promo-new-code')!, ' speaker ');
    await act(async () => all('promo-kind-free')[0]!.click());
    await act(async () => all('promo-type-Speaker')[0]!.click());
    await act(async () => all('promo-create')[0]!.click());
    expect(api.call).toHaveBeenCalledWith(activityApi.promoCreate, {
      activityId: 'a1',
      code: 'speaker',
      kind: 'free',
      ticketTypeIds: ['t2'],
      maxUses: 10,
      validFrom: null,
      validUntil: null,
    });
  });

  it('offers the series’ organizer the code on every later date, and sends it to the series', async () => {
    const series = { id: '5', index: 1, title: 'Weekly', frequency: 'weekly', canManage: true };
    vi.mocked(api.call).mockImplementation(async (route) =>
      route === activitySeriesApi.of ? { series } : { promo: code({ id: '9' }), dates: 5, skipped: [] },
    );
    const container = await mountScreen(<PromoCodeForm activity={activity} />);
    const box = await waitFor(container, '[data-testid="promo-for-series"]');
    await type(document.querySelector<HTMLInputElement>('#promo-new-code')!, 'SPEAKER');
    await act(async () => all('promo-kind-free')[0]!.click());
    await act(async () => (box as HTMLInputElement).click());
    await act(async () => all('promo-create')[0]!.click());
    expect(api.call).toHaveBeenCalledWith(activitySeriesApi.promoCreate, expect.objectContaining({ code: 'SPEAKER' }));
    expect(api.call).not.toHaveBeenCalledWith(activityApi.promoCreate, expect.anything());
  });

  it('does not offer it to a co-host, nor on a date that is not in a series', async () => {
    for (const answer of [
      { series: { id: '5', index: 1, title: 'Weekly', frequency: 'weekly', canManage: false } },
      { series: null },
    ]) {
      vi.mocked(api.call).mockResolvedValue(answer);
      await mountScreen(<PromoCodeForm activity={activity} />);
      await settle();
      await settle();
      expect(api.call).toHaveBeenCalledWith(activitySeriesApi.of, { activityId: 'a1' }, { silent: true });
      expect(all('promo-for-series')).toEqual([]);
    }
  });

  it('puts the server’s refusal under the code field', async () => {
    vi.mocked(api.call).mockRejectedValue(
      new ApiError('invalid', 400, 'taken', null, [{ field: 'code', message: 'This activity already has this code' }]),
    );
    await mountScreen(<PromoCodeForm activity={activity} />);
    await type(document.querySelector<HTMLInputElement>('#promo-new-code')!, 'TWENTY');
    await type(document.querySelector<HTMLInputElement>('#promo-new-percent')!, '20');
    await act(async () => all('promo-create')[0]!.click());
    await settle();
    expect(document.getElementById('promo-new-code-error')?.textContent).toBe('This activity already has this code');
    expect(document.querySelector('#promo-new-code')?.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the promo form’s payload', () => {
  const form = {
    code: 'MINUS3',
    kind: 'amount' as const,
    percentOff: '',
    amountOff: ' 3 ',
    asset: 'USDT',
    ticketTypeIds: [],
    maxUses: '5',
    validFrom: '2026-12-01T09:00',
    validUntil: '',
  };
  it('reads the window in the activity’s time zone and sends only what the kind needs', () => {
    expect(promoPayload(form, 'Asia/Taipei')).toEqual({
      code: 'MINUS3',
      kind: 'amount',
      amountOff: '3',
      asset: 'USDT',
      ticketTypeIds: [],
      maxUses: 5,
      validFrom: '2026-12-01T01:00:00.000Z',
      validUntil: null,
    });
    expect(promoPayload({ ...form, kind: 'percent', percentOff: '20' }, 'UTC')).not.toHaveProperty('amountOff');
  });
});
