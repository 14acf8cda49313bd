import { describe, expect, it } from 'vitest';
import {
  DESTINATION_FIGURE_STEP,
  destinationFigure,
  destinationFigureOf,
  localDestinationCount,
} from './destination-figure.ts';

describe('the destination figure the storefront states', () => {
  it('is the largest multiple of 10 below the count, so that "N+" and "more than N" are both true', () => {
    expect(DESTINATION_FIGURE_STEP).toBe(10);
    expect(destinationFigure(246)).toBe(240);
    expect(destinationFigure(241)).toBe(240);
    expect(destinationFigure(250)).toBe(240); // "more than 250" would be false for 250
    expect(destinationFigure(251)).toBe(250);
    expect(destinationFigure(199)).toBe(190);
    expect(destinationFigure(200)).toBe(190);
    expect(destinationFigure(11)).toBe(10);
    for (let count = 11; count <= 400; count++) {
      const figure = destinationFigure(count)!;
      expect(figure % 10, `${count}`).toBe(0);
      expect(figure, `${count}`).toBeLessThan(count);
      expect(count - figure, `${count}`).toBeLessThanOrEqual(10);
    }
  });

  it('is not stated for 10 destinations or fewer, or for a count that is not one', () => {
    for (const count of [0, 1, 9, 10, -5, Number.NaN, Number.POSITIVE_INFINITY, 12.5]) {
      expect(destinationFigure(count), `${count}`).toBeUndefined();
    }
  });

  it('counts the local destinations of GET /api/countries, not the regions or Global', () => {
    const list = [
      ...Array.from({ length: 246 }, (_, i) => ({ type: 'local' as const, code: `C${i}` })),
      ...Array.from({ length: 7 }, (_, i) => ({ type: 'regional' as const, code: `R${i}` })),
      { type: 'global' as const, code: 'Global' },
    ];
    expect(localDestinationCount(list)).toBe(246);
    expect(destinationFigureOf(list)).toBe(240);
    expect(destinationFigureOf([])).toBeUndefined();
    expect(destinationFigureOf(undefined)).toBeUndefined();
  });
});
