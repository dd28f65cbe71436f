import { describe, expect, it } from 'vitest';
import { toDecimalString } from './decimal.ts';

describe('toDecimalString', () => {
  it('rounds to the given significant digits and drops trailing zeros', () => {
    expect(toDecimalString(107135.123456, 8)).toBe('107135.12');
    expect(toDecimalString(1.0002, 8)).toBe('1.0002');
    expect(toDecimalString(2.5, 8)).toBe('2.5');
    expect(toDecimalString(-0.6234, 2)).toBe('-0.62');
  });

  it('never writes exponent notation, for tiny or huge figures', () => {
    expect(toDecimalString(0.000011623456789, 4)).toBe('0.00001162');
    expect(toDecimalString(1.3e-7, 8)).toBe('0.00000013');
    expect(toDecimalString(2.13e12, 10)).toBe('2130000000000');
    expect(toDecimalString(1.5e21, 4)).toBe('1500000000000000000000');
  });

  it('writes zero and values that round to zero as "0"', () => {
    expect(toDecimalString(0, 8)).toBe('0');
    expect(toDecimalString(-0, 8)).toBe('0');
  });

  it('refuses what is not a finite number', () => {
    expect(() => toDecimalString(Number.NaN, 8)).toThrow(RangeError);
    expect(() => toDecimalString(Number.POSITIVE_INFINITY, 8)).toThrow(RangeError);
  });
});
