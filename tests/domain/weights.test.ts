import { describe, expect, it } from 'vitest';
import { chargedWeightKg, volumetricWeightKg } from '../../src/domain/weights';
import { fits, smallestFittingPackage } from '../../src/domain/smart-package';

const box = (l: number, b: number, h: number) => ({ lengthCm: l, breadthCm: b, heightCm: h });

describe('volumetric and charged weight', () => {
  it.each([
    [box(10, 10, 10), 0.2],
    [box(30, 20, 10), 1.2],
    [box(50, 40, 30), 12],
    [box(12.5, 8.2, 3.1), 0.064],
  ])('%j → %f kg volumetric', (d, kg) => {
    expect(volumetricWeightKg(d)).toBe(kg);
  });

  it.each([
    [0.1, box(10, 10, 10), 0.5], // at least one slab
    [0.5, box(10, 10, 10), 0.5], // exactly on a slab edge
    [0.51, box(10, 10, 10), 1], // just over the edge
    [1.0, box(30, 20, 10), 1.5], // volumetric 1.2 beats dead 1.0
    [2.2, box(30, 20, 10), 2.5], // dead 2.2 beats volumetric 1.2
    [1.5, box(25, 20, 15), 1.5], // volumetric exactly 1.5
  ])('dead %f kg in %j → charged %f kg', (dead, d, kg) => {
    expect(chargedWeightKg(dead, d)).toBe(kg);
  });
});

describe('smart package selection', () => {
  const packages = [
    { packageTypeId: 1, packageName: 'Large', active: true, ...box(40, 30, 20) },
    { packageTypeId: 2, packageName: 'Small', active: true, ...box(20, 15, 10) },
    { packageTypeId: 3, packageName: 'Tiny (off)', active: false, ...box(12, 10, 6) },
    { packageTypeId: 4, packageName: 'Flat', active: true, ...box(35, 25, 3) },
  ];

  it('turns items to fit', () => {
    expect(fits(box(10, 15, 20), box(20, 15, 10))).toBe(true);
    expect(fits(box(21, 5, 5), box(20, 15, 10))).toBe(false);
  });

  it.each([
    [box(10, 8, 5), 'Small'], // tiny would fit but is inactive
    [box(30, 20, 2), 'Flat'], // flat and long: the flat mailer is smallest
    [box(18, 14, 9), 'Small'],
    [box(38, 28, 18), 'Large'],
  ])('%j goes in %s', (item, name) => {
    expect(smallestFittingPackage(item, packages)?.packageName).toBe(name);
  });

  it('answers null when nothing fits', () => {
    expect(smallestFittingPackage(box(50, 10, 10), packages)).toBeNull();
  });
});
