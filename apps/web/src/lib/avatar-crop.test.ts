import { describe, expect, it } from 'vitest';
import { centredCrop, clampCrop, outputSide, sourceSquare, zoomTo } from './avatar-crop.ts';

describe('avatar crop arithmetic', () => {
  it('starts centred, the short side filling the square', () => {
    const state = centredCrop(2000, 1000, 250);
    expect(state).toEqual({ zoom: 1, x: -125, y: 0 });
    expect(sourceSquare(state, 2000, 1000, 250)).toEqual({ sx: 500, sy: 0, side: 1000 });
  });

  it('never leaves a gap: dragging past an edge stops at it', () => {
    expect(clampCrop({ zoom: 1, x: 40, y: -30 }, 2000, 1000, 250)).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(clampCrop({ zoom: 1, x: -900, y: 0 }, 2000, 1000, 250)).toEqual({ zoom: 1, x: -250, y: 0 });
    expect(clampCrop({ zoom: 9, x: 0, y: 0 }, 1000, 1000, 250).zoom).toBe(4);
    expect(clampCrop({ zoom: 0.2, x: 0, y: 0 }, 1000, 1000, 250).zoom).toBe(1);
  });

  it('zooms about the centre: the middle of the picture stays in the middle', () => {
    const state = zoomTo(centredCrop(1000, 1000, 250), 2, 1000, 1000, 250);
    expect(state).toEqual({ zoom: 2, x: -125, y: -125 });
    expect(sourceSquare(state, 1000, 1000, 250)).toEqual({ sx: 250, sy: 250, side: 500 });
  });

  it('sends at most 512 px, never enlarging a small picture', () => {
    expect(outputSide(1000)).toBe(512);
    expect(outputSide(300.4)).toBe(300);
  });
});
