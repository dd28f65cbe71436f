import { PROCESSED_MEMORY_MS } from '@polaris/contract';
import { readStore, writeSlice } from './storage.ts';

/**
 * SPEC §3, §4, §9: red packets opened and bounties dealt with in a chat room are remembered per room for
 * 24 hours, so a packet's message keeps showing "opened" without asking the server again. Entries past
 * their day are dropped whenever the memory is written.
 */

type Slice = 'processedRedPackets' | 'processedBounties';

function fresh<T extends { timestamp: number }>(entries: Record<string, T> | undefined, now: number) {
  const kept: Record<string, T> = {};
  for (const [key, entry] of Object.entries(entries ?? {})) {
    if (entry && typeof entry.timestamp === 'number' && now - entry.timestamp < PROCESSED_MEMORY_MS) kept[key] = entry;
  }
  return kept;
}

function remembered(slice: Slice, key: string, now: number, storage?: Storage | null): boolean {
  const entry = readStore(storage)[slice]?.[key];
  return !!entry && typeof entry.timestamp === 'number' && now - entry.timestamp < PROCESSED_MEMORY_MS;
}

export const processedRedPackets = {
  has(roomId: string, code: string, now = Date.now(), storage?: Storage | null): boolean {
    return remembered('processedRedPackets', `${roomId}_${code}`, now, storage);
  },
  add(roomId: string, code: string, now = Date.now(), storage?: Storage | null): void {
    const kept = fresh(readStore(storage).processedRedPackets, now);
    kept[`${roomId}_${code}`] = { redpacketCode: code, roomId, timestamp: now };
    writeSlice('processedRedPackets', kept, storage);
  },
};

export const processedBounties = {
  has(roomId: string, bountyId: string, now = Date.now(), storage?: Storage | null): boolean {
    return remembered('processedBounties', `${roomId}_${bountyId}`, now, storage);
  },
  add(roomId: string, bountyId: string, now = Date.now(), storage?: Storage | null): void {
    const kept = fresh(readStore(storage).processedBounties, now);
    kept[`${roomId}_${bountyId}`] = { bountyId, roomId, timestamp: now };
    writeSlice('processedBounties', kept, storage);
  },
};
