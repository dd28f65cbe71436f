import { formatAmount, type Invitee, type InviteeState } from '@polaris/contract';
import { displayName } from './rules.ts';

export function inviteeState(status: 'none' | 'owed' | 'paid' | null): InviteeState {
  if (status === 'paid') return 'rewarded';
  if (status === 'owed') return 'owed';
  return 'joined';
}

export function presentInvitee(
  row: {
    id: number;
    email: string;
    uname: string | null;
    openName: string | null;
    deletedAt: Date | null;
    createdAt: Date;
    status: 'none' | 'owed' | 'paid' | null;
    amount: string | null;
  },
  decimals: number,
): Invitee {
  return {
    id: String(row.id),
    name: displayName(row),
    joinedAt: row.createdAt.toISOString(),
    state: inviteeState(row.status),
    amount: formatAmount(row.status === 'owed' || row.status === 'paid' ? BigInt(row.amount ?? '0') : 0n, decimals),
  };
}
