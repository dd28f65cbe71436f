import type { LiveStage } from '@polaris/contract';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BroadcastPanel } from './BroadcastPanel.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const end = vi.fn(async () => {});
vi.mock('./useBroadcaster.ts', () => ({
  useBroadcaster: () => ({ state: 'onAir', goLive: vi.fn(), pause: vi.fn(), resume: vi.fn(), end, busy: false }),
}));
vi.mock('./LiveVideo.tsx', () => ({ LiveVideo: () => null }));

const NOTHING: LiveStage['can'] = {
  manage: true,
  start: false,
  pause: false,
  end: false,
  broadcast: false,
  watch: false,
};

/** A live stage of the reader's, on air from this page; `can` as the server would answer it, changed by `can`. */
const stageWith = (can: Partial<LiveStage['can']>, status: LiveStage['status'] = 'live') =>
  ({
    id: '7',
    title: 'Evening AMA',
    status,
    viewers: 3,
    owner: { uid: 1, name: 'Host', avatar: null },
    can: { ...NOTHING, ...can },
  }) as unknown as LiveStage;

const stage = stageWith({ pause: true, end: true, broadcast: true, watch: true });

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  end.mockClear();
});

/** Waits for an element (the dialog renders after its animation frame), never a fixed sleep. */
async function find(selector: string, text?: string): Promise<HTMLElement> {
  return vi.waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(selector)].find(
      (element) => text === undefined || element.textContent?.includes(text),
    );
    if (!found) throw new Error(`no ${selector} ${text ?? ''}`);
    return found;
  });
}

describe('ending a live stream', () => {
  it('asks first: keeping the stream ends nothing, confirming ends it', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    unmounts.push(() => act(() => root.unmount()));
    await act(async () =>
      root.render(
        <MemoryRouter>
          <BroadcastPanel stage={stage} />
        </MemoryRouter>,
      ),
    );

    await act(async () => (await find('[data-testid="live-end"]')).click());
    await find('[data-testid="live-end-confirm"]');
    expect(end).not.toHaveBeenCalled();
    await act(async () => (await find('.adm-dialog button', 'live.keepLive')).click());
    await vi.waitFor(() => expect(document.querySelector('[data-testid="live-end-confirm"]')).toBeNull());
    expect(end).not.toHaveBeenCalled();

    await act(async () => (await find('[data-testid="live-end"]')).click());
    await act(async () => (await find('.adm-dialog button', 'live.endConfirm')).click());
    await vi.waitFor(() => expect(end).toHaveBeenCalledTimes(1));
  });
});

describe('the broadcast panel shows a move only when the stage says its owner may make it', () => {
  async function render(live: LiveStage) {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    unmounts.push(() => {
      act(() => root.unmount());
      container.remove();
    });
    await act(async () =>
      root.render(
        <MemoryRouter>
          <BroadcastPanel stage={live} />
        </MemoryRouter>,
      ),
    );
    return (testId: string) => container.querySelector(`[data-testid="${testId}"]`);
  }

  it('offers pause with can.pause and resume with can.start', async () => {
    const live = await render(stageWith({ pause: true, end: true }));
    expect([live('live-pause'), live('live-resume')].map(Boolean)).toEqual([true, false]);
    const paused = await render(stageWith({ start: true, end: true }, 'paused'));
    expect([paused('live-pause'), paused('live-resume')].map(Boolean)).toEqual([false, true]);
  });

  it('offers ending only with can.end', async () => {
    expect((await render(stageWith({ end: true })))('live-end')).not.toBeNull();
    expect((await render(stageWith({ end: false })))('live-end')).toBeNull();
  });
});
