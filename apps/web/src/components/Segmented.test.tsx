import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Segmented } from './Segmented.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

function mount() {
  function View() {
    const [view, setView] = useState<'month' | 'list'>('month');
    return (
      <Segmented<'month' | 'list'>
        label="View"
        value={view}
        onChange={setView}
        options={[
          { value: 'month', label: 'Month' },
          { value: 'list', label: 'List' },
        ]}
      />
    );
  }
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<View />));
  unmounts.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

describe('Segmented', () => {
  it('is a named radio group whose radios are its only children, one of them checked and in the tab order', () => {
    const container = mount();
    const group = container.querySelector('[role="radiogroup"]') as HTMLElement;
    expect(group.getAttribute('aria-label')).toBe('View');
    const radios = [...group.children] as HTMLElement[];
    expect(radios.map((radio) => radio.getAttribute('role'))).toEqual(['radio', 'radio']);
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(radios.map((radio) => radio.tabIndex)).toEqual([0, -1]);
  });

  it('moves the choice and the focus with the arrow keys', () => {
    const container = mount();
    const [month, list] = [...container.querySelectorAll<HTMLElement>('[role="radio"]')] as [HTMLElement, HTMLElement];
    month.focus();
    act(() => {
      month.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(list.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(list);
    act(() => {
      list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(month.getAttribute('aria-checked')).toBe('true');
  });
});
