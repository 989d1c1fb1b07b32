import { describe, expect, it } from 'vitest';
import { carouselPerView, carouselStep, carouselWindow } from '../../src/domain/tracking/carousel';

describe('the recommended-products carousel', () => {
  it.each([
    [375, 1],
    [767, 1],
    [768, 2],
    [991, 2],
    [992, 1],
    [1199, 1],
    [1200, 3],
    [1280, 3],
  ])('at %i px shows %i', (width, n) => {
    expect(carouselPerView(width)).toBe(n);
  });

  it('steps by as many as it shows, round and round', () => {
    expect(carouselStep(0, 3, 7, 1)).toBe(3);
    expect(carouselStep(6, 3, 7, 1)).toBe(2);
    expect(carouselStep(0, 3, 7, -1)).toBe(4);
    expect(carouselStep(0, 1, 7, -1)).toBe(6);
    expect(carouselStep(0, 1, 0, 1)).toBe(0);
  });

  it.each([1, 2, 3])('showing %i at a time, every product is seen going forward and going back', (perView) => {
    for (const total of [1, 2, 3, 4, 5, 7, 9]) {
      for (const direction of [1, -1] as const) {
        const seen = new Set<number>();
        let start = 0;
        for (let i = 0; i < total; i++) {
          for (const p of carouselWindow(start, perView, total)) seen.add(p);
          start = carouselStep(start, perView, total, direction);
        }
        expect(seen.size, `${total} products, ${perView} a view, direction ${direction}`).toBe(total);
      }
    }
  });

  it('never shows a product twice in one view', () => {
    expect(carouselWindow(5, 3, 7)).toEqual([5, 6, 0]);
    expect(carouselWindow(0, 3, 2)).toEqual([0, 1]);
  });
});
