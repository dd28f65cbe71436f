import { Avatar } from '@/components/Avatar.tsx';

const SIZES = { small: 36, normal: 48, large: 80 } as const;

/**
 * A room's or person's picture, or their initial on a colour of their own; a red ring while live. The one
 * `Avatar` underneath; `person` (a uid) makes it go through the avatar cache.
 */
export function RoomAvatar({
  seed,
  name,
  avatar,
  person,
  live = false,
  size = 'normal',
  testId,
}: {
  seed: string;
  name: string;
  avatar?: string | null;
  person?: string | null;
  live?: boolean;
  size?: 'small' | 'normal' | 'large';
  testId?: string;
}) {
  return (
    <Avatar seed={seed} person={person} name={name} avatar={avatar} live={live} size={SIZES[size]} testId={testId} />
  );
}
