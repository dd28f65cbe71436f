import { PROCESSED_MEMORY_MS } from '@polaris/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { processedBounties, processedRedPackets } from './processed-memory.ts';
import { readStore } from './storage.ts';

beforeEach(() => localStorage.clear());

describe('processed red packets and bounties', () => {
  it('remembers a packet per room for 24 hours, under roomId_code', () => {
    const t0 = 1_000_000;
    processedRedPackets.add('7', 'AbCdEfGh12', t0);
    expect(readStore().processedRedPackets?.['7_AbCdEfGh12']).toEqual({
      redpacketCode: 'AbCdEfGh12',
      roomId: '7',
      timestamp: t0,
    });
    expect(processedRedPackets.has('7', 'AbCdEfGh12', t0 + PROCESSED_MEMORY_MS - 1)).toBe(true);
    expect(processedRedPackets.has('8', 'AbCdEfGh12', t0)).toBe(false);
    expect(processedRedPackets.has('7', 'AbCdEfGh12', t0 + PROCESSED_MEMORY_MS)).toBe(false);
  });

  it('drops entries past their day when writing', () => {
    processedBounties.add('1', '5', 0);
    processedBounties.add('1', '6', PROCESSED_MEMORY_MS + 10);
    expect(Object.keys(readStore().processedBounties ?? {})).toEqual(['1_6']);
    expect(processedBounties.has('1', '6', PROCESSED_MEMORY_MS + 20)).toBe(true);
  });
});
