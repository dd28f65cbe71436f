import type { ActivitySummary } from '@polaris/contract';
import { apiAsset } from '@/lib/api-origin.ts';

/** An uploaded image as the API returns it (the contract's ImageOutput). */
type Image = NonNullable<ActivitySummary['cover']>;

/**
 * An uploaded image (an activity's or a stage's cover) in a slot of known size: every width the API stores
 * (`sizes`, smallest first) goes into `srcset`, and `sizes` tells the browser the slot, so it downloads the
 * smallest that is sharp on this screen rather than always the largest.
 *
 * `priority`: the image is among the first things on screen (the largest paint of the page, docs/performance.md
 * "First screen"): loaded at once and ahead of other images. Every other image waits until it is near the screen.
 */
export function CoverImage({
  image,
  slot,
  className,
  priority = false,
}: {
  image: Image;
  /** The `sizes` attribute: the slot's CSS width, e.g. `88px` or `(min-width: 430px) 430px, 100vw`. */
  slot: string;
  className?: string;
  priority?: boolean;
}) {
  const largest = image.sizes.at(-1);
  if (!largest) return null;
  // React 18 does not know `fetchPriority`; the lowercase attribute passes through as written.
  const fetchPriority = priority ? { fetchpriority: 'high' } : {};
  return (
    <img
      className={className}
      src={apiAsset(largest.url)}
      srcSet={image.sizes.map((size) => `${apiAsset(size.url)} ${size.width}w`).join(', ')}
      sizes={slot}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...fetchPriority}
      data-testid="cover-image"
    />
  );
}
