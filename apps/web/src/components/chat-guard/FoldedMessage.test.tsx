import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mount } from '@/components/test-mount.tsx';
import { FoldedMessage } from './FoldedMessage.tsx';

describe('FoldedMessage', () => {
  it('hides the message behind a line until the reader asks to see it', () => {
    const container = mount(
      <FoldedMessage tail={<span data-testid="tail" />}>
        <p data-testid="body">Buy now</p>
      </FoldedMessage>,
    );
    expect(container.querySelector('[data-testid="body"]')).toBeNull();
    expect(container.querySelector('[data-testid="chat-folded"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="tail"]')).not.toBeNull();
    act(() => container.querySelector('button')!.click());
    expect(container.querySelector('[data-testid="body"]')?.textContent).toBe('Buy now');
    expect(container.querySelector('[data-testid="chat-folded"]')).toBeNull();
  });
});
