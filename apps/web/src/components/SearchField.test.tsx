import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchField } from './SearchField.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

describe('SearchField', () => {
  it('shows its clear control whenever there is text, as a named button in the tab order that Enter uses', async () => {
    function Search() {
      const [q, setQ] = useState('meetup');
      return <SearchField value={q} onChange={setQ} placeholder="Search" />;
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(<Search />));
    unmounts.push(() => {
      act(() => root.unmount());
      container.remove();
    });
    const clear = container.querySelector<HTMLElement>('.adm-input-clear');
    expect(clear).not.toBeNull();
    expect(clear?.getAttribute('role')).toBe('button');
    expect(clear?.getAttribute('aria-label')).toBe('common.clearSearch');
    expect(clear?.tabIndex).toBe(0);
    await act(async () => {
      clear?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(container.querySelector('input')?.value).toBe('');
    expect(container.querySelector('.adm-input-clear')).toBeNull();
  });
});
