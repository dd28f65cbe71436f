import { useState } from 'react';
import css from './chat.module.css';
import { avatarUrl } from './format.ts';

/** Colours for letter avatars, each with white text at 4.5:1 or more. */
const COLOURS = ['#2346d8', '#1a7f4b', '#a35a00', '#c0262d', '#6d3fc0', '#0f6e8c', '#8a3b74', '#4b5565'];

function colourOf(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

/** The first letter (or CJK character) of a name, for a letter avatar. */
const initialOf = (name: string) => [...name.trim()][0]?.toUpperCase() ?? '#';

/** A room's or person's picture, or their initial on a colour of their own; a red ring while live. */
export function RoomAvatar({
  seed,
  name,
  avatar,
  live = false,
  size = 'normal',
}: {
  seed: string;
  name: string;
  avatar?: string | null;
  live?: boolean;
  size?: 'small' | 'normal' | 'large';
}) {
  const [broken, setBroken] = useState(false);
  const url = broken ? null : avatarUrl(avatar);
  const sizeClass = size === 'small' ? css.avatarSmall : size === 'large' ? css.avatarLarge : '';
  return (
    <span
      className={`${css.avatar} ${sizeClass} ${live ? css.avatarLive : ''}`}
      style={url ? undefined : { background: colourOf(seed) }}
      aria-hidden
    >
      {url ? <img src={url} alt="" loading="lazy" onError={() => setBroken(true)} /> : initialOf(name)}
    </span>
  );
}
