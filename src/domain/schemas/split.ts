import * as v from 'valibot';
import { MAX_PACKAGES, MIN_PACKAGES, SPLIT_MODES } from '../split-shipments';
import { DimensionsBody } from './order';
import { oneOf } from './choice';

// The split dialog's body: the mode and, per package, its items and quantities with its weight and size.

const wholeNumber = (field: string, min: number, max: number) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.integer(`${field} must be a whole number`),
    v.minValue(min, `${field} must be at least ${min}`),
    v.maxValue(max, `${field} must be at most ${max}`),
  );

export const SplitBody = v.object({
  splitMode: oneOf(SPLIT_MODES, 'splitMode'),
  packages: v.pipe(
    v.array(
      v.object({
        ...DimensionsBody.entries,
        lines: v.pipe(
          v.array(
            v.object({ itemId: wholeNumber('itemId', 1, 2_147_483_647), quantity: wholeNumber('quantity', 0, 10_000) }),
            'lines must be a list',
          ),
          v.maxLength(100, 'lines: at most 100 a package'),
        ),
      }),
      'packages must be a list',
    ),
    v.minLength(MIN_PACKAGES, `packages: a split needs at least ${MIN_PACKAGES} packages`),
    v.maxLength(MAX_PACKAGES, `packages: an order splits into ${MAX_PACKAGES} packages at most`),
  ),
});
export type SplitInput = v.InferOutput<typeof SplitBody>;
