import { describe, expect, it } from 'vitest';
import {
  FORWARD_TRANSITIONS,
  SPLIT_ORDER_TRANSITIONS,
  canMove,
  canMoveSplit,
  type ForwardStatus,
} from '../../src/domain/order-status';
import {
  codShares,
  orderStatusOfPackages,
  packageOf,
  packageValues,
  splitProblem,
  startingSplit,
  type PackageDraft,
  type PackageStatus,
  type SplitItem,
} from '../../src/domain/split-shipments';

const PACKAGE_STATUSES: PackageStatus[] = [
  'RTS',
  'PKP_SCH',
  'PKD',
  'INT',
  'OFD',
  'NDR',
  'DLV',
  'RTO_INT',
  'RTO_DLV',
  'LST',
  'DMG',
];

describe('the order status of a split order, from its packages', () => {
  const table: [PackageStatus[], ForwardStatus][] = [
    [[], 'RTS'],
    [['RTS', 'RTS'], 'RTS'],
    [['PKP_SCH', 'PKP_SCH'], 'PKP_SCH'],
    [['DLV', 'DLV', 'DLV'], 'DLV'],
    [['RTS', 'PKP_SCH'], 'PART_SHP'],
    [['RTS', 'DLV'], 'PART_SHP'],
    [['INT', 'RTS', 'OFD'], 'PART_SHP'],
    [['DLV', 'INT'], 'PART_DLV'],
    [['DLV', 'RTO_DLV'], 'PART_DLV'],
    [['DLV', 'LST'], 'PART_DLV'],
    [['PKD', 'INT'], 'PKD'],
    [['OFD', 'INT'], 'INT'],
    [['OFD', 'NDR'], 'NDR'],
    [['RTO_INT', 'OFD'], 'OFD'],
    [['RTO_INT', 'RTO_DLV'], 'RTO_INT'],
    [['INT', 'LST'], 'INT'],
    [['RTO_DLV', 'LST'], 'RTO_DLV'],
    [['DMG', 'LST'], 'DMG'],
  ];
  it.each(table)('%j → %s', (packages, order) => expect(orderStatusOfPackages(packages)).toBe(order));

  // every package move of two and three packages (each along the forward table) moves the order
  // only along the forward table or a split step, and every split step is needed by some move
  it('the split steps are exactly those the package moves need', () => {
    const needed = new Set<string>();
    const vectors = (n: number): PackageStatus[][] =>
      n === 0 ? [[]] : vectors(n - 1).flatMap((v) => PACKAGE_STATUSES.map((s) => [...v, s]));
    for (const n of [2, 3])
      for (const v of vectors(n))
        for (let i = 0; i < n; i++)
          for (const to of FORWARD_TRANSITIONS[v[i]]) {
            if (!PACKAGE_STATUSES.includes(to as PackageStatus)) continue;
            const w = [...v];
            w[i] = to as PackageStatus;
            const [a, b] = [orderStatusOfPackages(v), orderStatusOfPackages(w)];
            expect(a === b || canMoveSplit(a, b), `${v.join(',')} → ${w.join(',')}: ${a} → ${b}`).toBe(true);
            if (a !== b && !canMove(a, b)) needed.add(`${a}>${b}`);
          }
    const listed = Object.entries(SPLIT_ORDER_TRANSITIONS).flatMap(([a, tos]) => tos!.map((b) => `${a}>${b}`));
    expect([...needed].sort()).toEqual(listed.sort());
  });

  it('a single-parcel order never takes a split step', () => {
    expect(canMove('RTS', 'PART_SHP')).toBe(false);
    expect(canMove('INT', 'PART_DLV')).toBe(false);
    expect(canMoveSplit('INT', 'PART_DLV')).toBe(true);
  });
});

const ITEMS: SplitItem[] = [
  { itemId: 1, name: 'Cotton kurta', quantity: 2, unitPricePaise: 80000 },
  { itemId: 2, name: 'Steel bottle', quantity: 1, unitPricePaise: 40000 },
];
const box = (lines: [number, number][]): PackageDraft => ({
  lines: lines.map(([itemId, quantity]) => ({ itemId, quantity })),
  deadWeightKg: 0.5,
  lengthCm: 10,
  breadthCm: 10,
  heightCm: 10,
});

describe('what a valid split is', () => {
  const table: [string, PackageDraft[], string | null][] = [
    ['items by package', [box([[1, 2]]), box([[2, 1]])], null],
    [
      'one item across packages',
      [
        box([
          [1, 1],
          [2, 1],
        ]),
        box([[1, 1]]),
      ],
      null,
    ],
    [
      'one package',
      [
        box([
          [1, 2],
          [2, 1],
        ]),
      ],
      'Packages: a split needs at least 2 packages',
    ],
    [
      'eleven packages',
      Array.from({ length: 11 }, () => box([[1, 1]])),
      'Packages: an order splits into 10 packages at most',
    ],
    [
      'an empty package',
      [
        box([
          [1, 2],
          [2, 1],
        ]),
        box([[1, 0]]),
      ],
      'Package 2 has no items',
    ],
    ['an item left out', [box([[1, 1]]), box([[2, 1]])], 'Cotton kurta: 1 of 2 not in any package'],
    [
      'too many packed',
      [
        box([[1, 2]]),
        box([
          [1, 1],
          [2, 1],
        ]),
      ],
      'Cotton kurta: 3 packed but the order has 2',
    ],
    [
      'another order’s item',
      [
        box([
          [1, 2],
          [2, 1],
        ]),
        box([[9, 1]]),
      ],
      'Package 2: no such item in this order',
    ],
    [
      'a part of a piece',
      [
        box([
          [1, 1.5],
          [2, 1],
        ]),
        box([[1, 0.5]]),
      ],
      'Package 1: quantities are whole numbers',
    ],
  ];
  it.each(table)('%s', (_, packages, problem) => expect(splitProblem(ITEMS, packages)).toBe(problem));
});

describe('sharing a COD amount between packages by value', () => {
  const table: [number, number[], number[]][] = [
    [200000, [160000, 40000], [160000, 40000]],
    [100000, [1, 1, 1], [33300, 33300, 33400]],
    [99999, [2, 1], [66600, 33399]],
    [0, [5, 5], [0, 0]],
    [50000, [0, 0], [25000, 25000]],
    [50000, [], []],
  ];
  it.each(table)('%i over %j → %j', (cod, values, shares) => {
    expect(codShares(cod, values)).toEqual(shares);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(values.length ? cod : 0);
  });
  it('values packages at the order’s prices', () =>
    expect(
      packageValues(ITEMS, [
        box([[1, 1]]),
        box([
          [1, 1],
          [2, 1],
        ]),
      ]),
    ).toEqual([80000, 120000]));
});

describe('labels and the dialog’s start', () => {
  it('prints a package’s place', () => expect(packageOf(1, 2)).toBe('1 of 2'));
  it('starts with the items spread over the packages, or all in the first', () => {
    expect(startingSplit(ITEMS)).toEqual([
      [
        { itemId: 1, quantity: 2 },
        { itemId: 2, quantity: 0 },
      ],
      [
        { itemId: 1, quantity: 0 },
        { itemId: 2, quantity: 1 },
      ],
    ]);
    expect(startingSplit(ITEMS.slice(0, 1))).toEqual([[{ itemId: 1, quantity: 2 }], [{ itemId: 1, quantity: 0 }]]);
  });
});
