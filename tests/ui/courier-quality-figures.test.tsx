// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CourierQuote } from '../../src/domain/shipping-contract';
import { TOO_FEW_PARCELS } from '../../src/domain/quality/lane-quality';
import { CourierQualityFigures } from '../../src/ui/screens/shipping/courier-quality-figures';

afterEach(cleanup);

const quote = (quality: CourierQuote['quality']) => ({ quality }) as CourierQuote;

describe('CourierQualityFigures', () => {
  it('gives the lane’s shares, days and in-time pickups with the parcels and level behind them', () => {
    render(
      <CourierQualityFigures
        quote={quote({
          basis: 'PINCODE',
          sample: 1234,
          deliveredPct: 93,
          rtoPct: 5,
          ndrPct: 8,
          avgDays: 3.25,
          pickupPct: 88,
          pickupSample: 1300,
        })}
      />,
    );
    expect(screen.getByTestId('courier-quality').textContent).toBe(
      '93 % delivered5 % RTO8 % NDR3.3 days avg88 % picked up on time1,234 parcels, pincode to pincode, last 90 days',
    );
  });

  it('says too few parcels for the lane, for pickups alone, and nothing without figures', () => {
    render(<CourierQualityFigures quote={quote(TOO_FEW_PARCELS)} />);
    expect(screen.getByTestId('courier-quality').textContent).toMatch(/^Too few parcels on this lane/);
    cleanup();
    render(
      <CourierQualityFigures
        quote={quote({ ...TOO_FEW_PARCELS, basis: 'ZONE', sample: 25, deliveredPct: 80, rtoPct: 12, ndrPct: 20 })}
      />,
    );
    expect(screen.getByTestId('courier-quality').textContent).toContain('pickups: too few parcels');
    expect(screen.getByTestId('courier-quality').textContent).not.toContain('days avg');
    cleanup();
    const { container } = render(<CourierQualityFigures quote={quote(undefined)} />);
    expect(container.textContent).toBe('');
  });
});
