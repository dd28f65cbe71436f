import { describe, expect, it } from 'vitest';
import { formatChange, formatUsd } from './market-format.ts';

describe('market figures', () => {
  it('colours and signs the 24h change', () => {
    expect(formatChange('0.62')).toEqual({ text: '+0.62%', tone: 'up' });
    expect(formatChange('-1.315')).toEqual({ text: '-1.31%', tone: 'down' });
    expect(formatChange('0')).toEqual({ text: '0.00%', tone: 'flat' });
    expect(formatChange(null)).toEqual({ text: '—', tone: 'flat' });
  });

  it('shows large prices with cents and small ones with their significant digits', () => {
    expect(formatUsd('107135.4')).toBe('$107,135.4');
    expect(formatUsd('2486.519')).toBe('$2,486.51');
    expect(formatUsd('0.00001162')).toBe('$0.00001162');
    expect(formatUsd('0.000011629')).toBe('$0.00001162');
  });
});
