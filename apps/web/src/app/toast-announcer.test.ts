import { Toast } from 'antd-mobile';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceToasts } from './toast-announcer.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let stop: (() => void) | undefined;
afterEach(() => {
  act(() => Toast.clear());
  stop?.();
  document.body.innerHTML = '';
});

const region = () => document.querySelector('[data-testid="toast-announcer"]');
/** antd-mobile renders a toast into a root of its own, a moment after `show`. */
const heard = (words: string) => vi.waitFor(() => expect(region()?.textContent).toBe(words));

describe('toasts are read aloud', () => {
  it('repeats what antd-mobile toast says in a polite status region that was there before it', async () => {
    stop = announceToasts();
    expect(region()?.getAttribute('role')).toBe('status');
    expect(region()?.getAttribute('aria-live')).toBe('polite');
    expect(region()?.textContent).toBe('');

    act(() => {
      Toast.show({ content: 'Address copied', duration: 0 });
    });
    await heard('Address copied');
    // antd-mobile hides its own box from readers, so the region is what is heard.
    expect(document.querySelector('.adm-toast-mask')?.getAttribute('aria-hidden')).toBe('true');
    expect(region()?.textContent).toBe('Address copied');

    act(() => {
      Toast.show({ content: 'Insufficient balance', duration: 0 });
    });
    await heard('Insufficient balance');
  });

  it('empties when the toast goes, so the same words later are announced again', async () => {
    stop = announceToasts();
    act(() => {
      Toast.show({ content: 'Copied', duration: 0 });
    });
    await heard('Copied');
    act(() => Toast.clear());
    await heard('');
    expect(document.querySelector('.adm-toast-main')).toBeNull();
  });

  it('stops watching and leaves no region behind', () => {
    announceToasts()();
    expect(region()).toBeNull();
  });
});
