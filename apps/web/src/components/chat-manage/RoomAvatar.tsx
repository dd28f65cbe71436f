import { useState } from 'react';
import styles from './chat-manage.module.css';
import { avatarSrc, initialOf } from './rules.ts';

/** A room's or a person's picture, or the first letter of the name when there is none (or it fails to load). */
export function RoomAvatar({
  name,
  avatar,
  size = 40,
  testId,
}: {
  name: string | null;
  avatar: string | null;
  size?: number;
  testId?: string;
}) {
  const src = avatarSrc(avatar);
  const [failed, setFailed] = useState<string | null>(null);
  const box = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src && failed !== src) {
    return (
      <img
        className={styles.avatar}
        style={box}
        src={src}
        alt=""
        loading="lazy"
        onError={() => setFailed(src)}
        data-testid={testId}
      />
    );
  }
  return (
    <span className={styles.avatar} style={box} aria-hidden data-testid={testId}>
      {initialOf(name)}
    </span>
  );
}
