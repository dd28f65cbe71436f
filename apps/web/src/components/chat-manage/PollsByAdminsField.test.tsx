import type { ChatRoom } from '@polaris/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '@/components/test-mount.tsx';
import { PollsByAdminsField } from './PollsByAdminsField.tsx';

describe('the "only admins post polls" switch', () => {
  it("shows the room's setting and saves the flipped value", async () => {
    const save = vi.fn();
    const container = mount(
      <PollsByAdminsField room={{ pollsByAdmins: false } as ChatRoom} save={save} busy={false} />,
    );
    const toggle = container.querySelector<HTMLElement>('[data-testid="room-polls-by-admins"]')!;
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-labelledby')).toBe('room-polls-label');
    await act(async () => toggle.click());
    expect(save).toHaveBeenCalledWith({ pollsByAdmins: true });
  });

  it('is on when the room says so', () => {
    const container = mount(
      <PollsByAdminsField room={{ pollsByAdmins: true } as ChatRoom} save={vi.fn()} busy={false} />,
    );
    expect(container.querySelector('[data-testid="room-polls-by-admins"]')!.getAttribute('aria-checked')).toBe('true');
  });
});
