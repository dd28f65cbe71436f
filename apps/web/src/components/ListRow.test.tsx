import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ListGroup, ListRow } from './ListRow.tsx';
import { mount } from './test-mount.tsx';
import ui from './ui.module.css';

/** The row at `/`, with a page at `/next` to arrive at. */
function render(node: React.ReactNode): HTMLElement {
  return mount(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={node} />
        <Route path="/next" element={<p data-testid="arrived">next</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const chevron = (row: Element) => row.querySelector(`.${ui.chevron}`);

describe('ListRow', () => {
  it('a row that leads somewhere: a link with icon, title, detail, value and a chevron, in that order', () => {
    const host = render(
      <ListRow icon={<b>i</b>} title="Language" detail="What the app speaks" value="English" to="/next" testId="r" />,
    );
    const row = host.querySelector('[data-testid="r"]')!;
    expect(row.tagName).toBe('A');
    expect(row.getAttribute('href')).toContain('/next');
    const order = [ui.rowIcon, ui.rowMain, ui.rowValue, ui.chevron];
    expect([...row.children].map((child, index) => child.classList.contains(order[index]!))).toEqual(
      order.map(() => true),
    );
    expect(row.querySelector(`.${ui.rowLabel}`)!.textContent).toBe('Language');
    expect(row.querySelector(`.${ui.rowDetail}`)!.textContent).toBe('What the app speaks');
    expect(row.querySelector(`.${ui.rowIcon}`)!.getAttribute('aria-hidden')).toBe('true');
    act(() => (row as HTMLAnchorElement).click());
    expect(host.querySelector('[data-testid="arrived"]')).not.toBeNull();
  });

  it('a row of information only: no button, no chevron, no empty value', () => {
    const host = render(<ListRow title="Email" detail="a@b.c" value="" testId="r" />);
    const row = host.querySelector('[data-testid="r"]')!;
    expect(row.tagName).toBe('DIV');
    expect(chevron(row)).toBeNull();
    expect(row.querySelector(`.${ui.rowValue}`)).toBeNull();
    expect(row.querySelector(`.${ui.rowIcon}`)).toBeNull();
  });

  it('an action row calls back; the chevron can be turned off', () => {
    const onClick = vi.fn();
    const host = render(<ListRow title="Currency" value="USD" onClick={onClick} chevron={false} testId="r" />);
    const row = host.querySelector<HTMLButtonElement>('[data-testid="r"]')!;
    expect(chevron(row)).toBeNull();
    act(() => row.click());
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('a danger row is red and has no chevron', () => {
    const host = render(<ListRow title="Delete" to="/next" tone="danger" testId="r" />);
    const row = host.querySelector('[data-testid="r"]')!;
    expect(row.classList.contains(ui.rowDanger!)).toBe(true);
    expect(chevron(row)).toBeNull();
  });

  it('a row of a thing: its own picture first, the title in bold, what it holds at the end and no chevron', () => {
    const onClick = vi.fn();
    const host = render(
      <ListRow
        media={<img alt="" data-testid="logo" />}
        title="USDT"
        strong
        detail="Tether"
        control={<span data-testid="end">1.00</span>}
        onClick={onClick}
        testId="r"
      />,
    );
    const row = host.querySelector('[data-testid="r"]')!;
    expect(row.firstElementChild!.getAttribute('data-testid')).toBe('logo');
    expect(row.lastElementChild!.getAttribute('data-testid')).toBe('end');
    expect(row.querySelector(`.${ui.rowTitle}`)!.textContent).toBe('USDT');
    expect(row.querySelector(`.${ui.rowIcon}`)).toBeNull();
    expect(chevron(row)).toBeNull();
  });

  it('a coloured icon tile', () => {
    const host = render(<ListRow icon={<b>i</b>} iconColor="#12a150" title="Live" testId="r" />);
    const icon = host.querySelector<HTMLElement>(`.${ui.rowIcon}`)!;
    expect(icon.style.background).toContain('rgb(18, 161, 80)');
  });

  it('ListGroup: a titled region holding the rows in one list', () => {
    const host = render(
      <ListGroup title="Invite" id="g" testId="group">
        <ListRow title="A" testId="a" />
        <ListRow title="B" testId="b" />
      </ListGroup>,
    );
    const group = host.querySelector('[data-testid="group"]')!;
    expect(group.getAttribute('aria-labelledby')).toBe('g');
    expect(group.querySelector('h2')!.textContent).toBe('Invite');
    expect(group.querySelectorAll(`.${ui.list} > .${ui.row}`)).toHaveLength(2);
  });
});
