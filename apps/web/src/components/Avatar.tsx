import { useState } from 'react';
import { avatarCache } from '@/lib/avatar-cache.ts';
import { avatarSrc, colourOf, initialOf } from '@/lib/identity.ts';
import styles from './Avatar.module.css';

export interface AvatarProps {
  /** Whose picture: the name gives the initial when there is no picture (or it fails to load). */
  name: string | null | undefined;
  /** The picture an answer gave; `undefined` when the answer did not say (the avatar cache is asked then). */
  avatar?: string | null;
  /** A person's uid: the avatar cache's key, and the seed of their letter colour. */
  person?: string | null;
  /** Seed of the letter colour when there is no person (a room's id). */
  seed?: string;
  size?: number;
  /** A red ring: on air. */
  live?: boolean;
  className?: string;
  testId?: string;
}

/**
 * The one picture of a person (or a room) everywhere: their avatar, or the first letter of their name on a colour of
 * their own. A person's avatar goes through the avatar cache (lib/avatar-cache.ts): what an answer says is learnt,
 * what it leaves out is looked up. It is decoration beside a name, hidden from screen readers.
 */
export function Avatar({ name, avatar, person, seed, size = 40, live = false, className, testId }: AvatarProps) {
  const resolved = person ? avatarCache.resolve(person, avatar) : (avatar ?? null);
  const src = avatarSrc(resolved);
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== null && failed !== src;
  const box = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.42),
    background: showImage ? 'var(--adm-color-fill-content, #f5f5f5)' : colourOf(person ?? seed ?? name ?? '#'),
  };
  return (
    <span
      className={[styles.avatar, live ? styles.live : '', className ?? ''].join(' ').trim()}
      style={box}
      aria-hidden
      data-testid={testId}
      data-avatar={showImage ? 'image' : 'initial'}
    >
      {showImage ? <img src={src} alt="" loading="lazy" onError={() => setFailed(src)} /> : initialOf(name)}
    </span>
  );
}
