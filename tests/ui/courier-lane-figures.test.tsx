// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CourierQuote } from '../../src/domain/shipping-contract';
import { readMeasuredFigures } from '../../src/domain/promises/measured-figures';
import { CourierLaneFigures } from '../../src/ui/screens/shipping/courier-lane-figures';

afterEach(cleanup);

const quote = (promise: CourierQuote['promise']) => ({ promise }) as CourierQuote;

describe('CourierLaneFigures', () => {
  it('says how many of the lane’s parcels met a date this far out', () => {
    render(<CourierLaneFigures quote={quote({ basis: 'PINCODE', sample: 1234, confidencePct: 93 })} />);
    expect(screen.getByTestId('courier-lane-figures').textContent).toBe(
      '93 % of 1,234 parcels to this pincode arrived by then (last 90 days)',
    );
  });

  it('says when the date is the courier’s published zone days, and shows nothing without a promise', () => {
    render(<CourierLaneFigures quote={quote({ basis: 'ZONE_TABLE', sample: 0, confidencePct: null })} />);
    expect(screen.getByTestId('courier-lane-figures').textContent).toMatch(/published days for this zone/);
    cleanup();
    const { container } = render(<CourierLaneFigures quote={quote(undefined)} />);
    expect(container.textContent).toBe('');
  });
});

describe('readMeasuredFigures', () => {
  it('keeps the figures the file holds and leaves out the rest, never filling one in', () => {
    const read = readMeasuredFigures({
      promises: {
        hitRate: 0.94,
        measuredAt: '2026-11-30T01:00:00Z',
        byBasis: [{ basis: 'ZONE', share: 1, hitRate: 0.9 }],
      },
      rto: {
        auc: { model: 0.71, todaysRules: 0.66 },
        calibrationByBand: [{ band: 'LOW', predictedRto: 0.05, observedRto: 0.06, orders: 100 }, { band: 'x' }],
        scoringMsPerOrder: 0.05,
      },
    });
    expect(read.promises).toEqual({
      hitRate: 0.94,
      measuredAt: '2026-11-30T01:00:00Z',
      byBasis: [{ basis: 'ZONE', share: 1, hitRate: 0.9 }],
    });
    expect(read.rto).toEqual({
      auc: { model: 0.71, rules: 0.66 },
      bands: [{ band: 'LOW', predicted: 0.05, observed: 0.06, orders: 100 }],
      scoreMsPerOrder: 0.05,
    });
    expect(readMeasuredFigures({})).toEqual({ promises: {}, rto: {} });
    expect(readMeasuredFigures('not json')).toEqual({ promises: {}, rto: {} });
  });
});
