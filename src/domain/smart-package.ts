import type { Dimensions } from './weights';

// Smart package selection: for an item (or a set of items already stacked into one box of
// these dimensions), the smallest active package it fits in. Both sets of dimensions are sorted
// so an item may be turned any way; each side of the item must fit its side of the package.

export interface PackageChoice extends Dimensions {
  packageTypeId: number;
  packageName: string;
  active: boolean;
}

const sides = (d: Dimensions) => [d.lengthCm, d.breadthCm, d.heightCm].sort((a, b) => a - b);
const volume = (d: Dimensions) => d.lengthCm * d.breadthCm * d.heightCm;

export function fits(item: Dimensions, box: Dimensions): boolean {
  const i = sides(item);
  const b = sides(box);
  return i.every((side, k) => side <= b[k]);
}

/** The smallest-volume active package that fits; ties go to the lower id; null when none fits. */
export function smallestFittingPackage<P extends PackageChoice>(item: Dimensions, packages: readonly P[]): P | null {
  const candidates = packages.filter((p) => p.active && fits(item, p));
  candidates.sort((a, b) => volume(a) - volume(b) || a.packageTypeId - b.packageTypeId);
  return candidates[0] ?? null;
}
