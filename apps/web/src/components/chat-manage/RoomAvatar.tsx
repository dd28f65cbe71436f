import { Avatar } from '@/components/Avatar.tsx';

/** A room's or a person's picture, or the first letter of the name when there is none (or it fails to load). */
export function RoomAvatar({
  name,
  avatar,
  person,
  size = 40,
  testId,
}: {
  name: string | null;
  avatar: string | null;
  person?: string | null;
  size?: number;
  testId?: string;
}) {
  return <Avatar name={name} avatar={avatar} person={person} size={size} testId={testId} />;
}
