import { type ChatRoom, chatPollApi } from '@polaris/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { mountScreen, signedInDuringEachTest } from '@/components/test-mount.tsx';
import { CreatePollSheet } from './CreatePollSheet.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));
signedInDuringEachTest();
afterEach(() => vi.mocked(api.call).mockReset());

const room = (kind: ChatRoom['kind'] = 'community') => ({ id: '7', kind }) as ChatRoom;

async function sheet(kind?: ChatRoom['kind']) {
  const onClose = vi.fn();
  await mountScreen(<CreatePollSheet room={room(kind)} open onClose={onClose} />);
  const all = <T extends HTMLElement = HTMLElement>(testId: string) => [
    ...document.querySelectorAll<T>(`[data-testid="${testId}"]`),
  ];
  const type = async (element: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
    await act(async () => {
      setter.call(element, value);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const question = () => document.querySelector<HTMLTextAreaElement>('#poll-question')!;
  const submit = () => act(async () => all('poll-submit')[0]!.click());
  return { all, type, question, submit, onClose };
}

describe('the new poll sheet', () => {
  it('starts with two options; adds up to ten and removes down to two', async () => {
    const { all } = await sheet();
    expect(all('poll-option-input')).toHaveLength(2);
    expect(all('poll-option-remove')).toHaveLength(0);
    for (let i = 0; i < 8; i++) await act(async () => all('poll-option-add')[0]!.click());
    expect(all('poll-option-input')).toHaveLength(10);
    expect(all('poll-option-add')).toHaveLength(0);
    await act(async () => all('poll-option-remove')[3]!.click());
    expect(all('poll-option-input')).toHaveLength(9);
  });

  it('refuses a repeated option under that option, sending nothing', async () => {
    const { all, type, question, submit } = await sheet();
    await type(question(), 'Tea or coffee?');
    await act(async () => all('poll-option-add')[0]!.click());
    const [first, second, third] = all<HTMLInputElement>('poll-option-input');
    await type(first!, 'Tea');
    await type(second!, 'Coffee');
    await type(third!, ' tea');
    await submit();
    expect(api.call).not.toHaveBeenCalled();
    expect(third!.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('poll-option-2-error')?.textContent).toBeTruthy();
    expect(first!.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the question, options and choices, then closes', async () => {
    vi.mocked(api.call).mockResolvedValue({ poll: {} });
    const { all, type, question, submit, onClose } = await sheet();
    await type(question(), 'Where next?');
    const [first, second] = all<HTMLInputElement>('poll-option-input');
    await type(first!, 'Taipei');
    await type(second!, 'Tokyo');
    await act(async () => all('poll-multiple')[0]!.click());
    await submit();
    expect(api.call).toHaveBeenCalledWith(chatPollApi.create, {
      roomId: '7',
      question: 'Where next?',
      options: ['Taipei', 'Tokyo'],
      multiple: true,
      anonymous: false,
      audience: 'members',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('does not ask who may vote in a community room', async () => {
    expect((await sheet('community')).all('poll-audience')).toHaveLength(0);
  });

  it('asks who may vote in an activity room, and sends the choice', async () => {
    vi.mocked(api.call).mockResolvedValue({ poll: {} });
    const { all, type, question, submit } = await sheet('activity');
    expect(all('poll-audience')).toHaveLength(1);
    await type(question(), 'Lunch?');
    const [first, second] = all<HTMLInputElement>('poll-option-input');
    await type(first!, 'Yes');
    await type(second!, 'No');
    const checkedIn = [...all('poll-audience')[0]!.querySelectorAll<HTMLElement>('.adm-selector-item')].at(-1)!;
    await act(async () => checkedIn.click());
    await submit();
    expect(api.call).toHaveBeenCalledWith(chatPollApi.create, expect.objectContaining({ audience: 'checkedIn' }));
  });
});
