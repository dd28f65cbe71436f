import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { CoverImage } from './CoverImage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

const image = {
  id: 'img1',
  width: 1280,
  height: 720,
  sizes: [320, 640, 1280].map((width) => ({ width, url: `/img/img1/${width}.webp` })),
};

function render(element: React.ReactElement): HTMLImageElement {
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(element));
  unmounts.push(() => act(() => root.unmount()));
  return container.querySelector('img') as HTMLImageElement;
}

describe('CoverImage', () => {
  it('offers every stored width in srcset with the slot in sizes, so the browser picks the smallest sharp one', () => {
    const img = render(<CoverImage image={image} slot="88px" />);
    expect(img.getAttribute('srcset')).toBe(
      '/img/img1/320.webp 320w, /img/img1/640.webp 640w, /img/img1/1280.webp 1280w',
    );
    expect(img.getAttribute('sizes')).toBe('88px');
  });

  it('loads a first-screen cover at once and ahead of other images, and any other lazily', () => {
    const first = render(<CoverImage image={image} slot="88px" priority />);
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    const later = render(<CoverImage image={image} slot="88px" />);
    expect(later.getAttribute('loading')).toBe('lazy');
    expect(later.hasAttribute('fetchpriority')).toBe(false);
  });
});
