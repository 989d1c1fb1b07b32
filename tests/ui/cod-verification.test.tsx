// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API_COD_VERIFICATION,
  type OrderVerification,
  type VerificationSettingsAnswer,
} from '../../src/domain/cod-verification-contract';
import { pathOf } from '../../src/domain/operation';
import { AWAITING_REFUSAL } from '../../src/domain/cod-verification';
import { CodVerificationScreen } from '../../src/ui/screens/setup/cod-verification-screen';
import { CodVerificationPanel } from '../../src/ui/screens/orders/cod-verification-panel';
import { ACCOUNT, fakeHttp, fakeSession, renderScreen, screensThatSaveFiles } from './helpers';

// COD verification's seller views over their machines: the settings form (errors under their
// fields by label, paying now without a gateway) and the order page's panel (its override asked first).

screensThatSaveFiles();

const SETTINGS: VerificationSettingsAnswer = {
  enabled: false,
  scope: 'ALL',
  minOrderValueRupees: null,
  riskyPincodes: false,
  minPastRtos: null,
  minRiskBand: null,
  waitHours: 24,
  afterWait: 'HOLD',
  offerPrepaid: true,
  pincodeRiskThresholdPercent: 35,
  pincodeRiskMinShipments: 20,
  gatewayAvailable: false,
};
const pro = fakeSession({ account: { ...ACCOUNT, subscriptionType: 'PRO' } });

describe('the COD verification settings page', () => {
  it('says what is wrong under each field, then sends the rules chosen; no pay-now without a gateway', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_COD_VERIFICATION.settings.path}`]: () => ({ data: SETTINGS }),
      [`PUT ${API_COD_VERIFICATION.saveSettings.path}`]: (body) => ({ data: { ...SETTINGS, ...(body as object) } }),
    });
    renderScreen(<CodVerificationScreen />, { http, session: pro });
    const prepaid = await screen.findByLabelText('Offer buyers to pay now and make the order prepaid');
    expect((prepaid as HTMLInputElement).disabled).toBe(true);
    expect((prepaid as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/no payment gateway is set up/)).toBeTruthy();
    // the risky pincode rule explains its documented threshold
    fireEvent.click(screen.getByLabelText('Ask buyers to confirm COD orders before they ship'));
    fireEvent.click(screen.getByLabelText('Only COD orders my rules pick'));
    expect(screen.getByText(/at least 35% of the finished shipments/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Which COD orders to verify: choose at least one rule, or verify every COD order');
    fireEvent.click(screen.getByLabelText('Orders worth more than a set value'));
    fireEvent.change(screen.getByLabelText('Order value above (₹)'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Wait for an answer (hours)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Order value above (₹) must be a number');
    expect(screen.getByText('Wait for an answer (hours) must be at least 1')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Order value above (₹)'), { target: { value: '2500' } });
    fireEvent.change(screen.getByLabelText('Wait for an answer (hours)'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('If the buyer does not answer'), { target: { value: 'CANCEL' } });
    // the RTO band rule, beside the value rule
    expect(screen.getByText(/low under 15%, medium under 35%, high from 35%/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verify by RTO risk'), { target: { value: 'HIGH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText(/Saved\. New COD orders your settings pick now wait/);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      scope: 'RULES',
      minOrderValueRupees: 2500,
      riskyPincodes: false,
      minPastRtos: null,
      minRiskBand: 'HIGH',
      waitHours: 6,
      afterWait: 'CANCEL',
      offerPrepaid: false,
    });
  });
});

const AWAITING: OrderVerification = {
  orderId: 7,
  state: 'PENDING',
  stateText: 'Awaiting buyer',
  reasons: ['Order value above ₹2,500'],
  dueAt: '2026-11-20T12:30:00.000Z',
  appliedRule: null,
  cancelReason: null,
  overridden: false,
  shippingRefusal: AWAITING_REFUSAL,
  mayOverride: true,
  mayResend: true,
  messagesSent: 1,
  timeline: [{ kind: 'OPENED', note: 'Needs the buyer’s confirmation', at: '2026-11-20T06:30:00.000Z' }],
};

describe('the order page’s COD verification panel', () => {
  it('shows the wait in IST and why shipping waits; ships without confirmation only once asked', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${pathOf(API_COD_VERIFICATION.order, { orderId: 7 })}`]: () => ({ data: AWAITING }),
      [`POST ${pathOf(API_COD_VERIFICATION.override, { orderId: 7 })}`]: () => ({
        data: { ...AWAITING, overridden: true, mayOverride: false, mayResend: false, shippingRefusal: null },
      }),
    });
    renderScreen(<CodVerificationPanel orderId={7} orderNumber="MC-1007" />, { http, session: pro });
    const panel = await screen.findByRole('region', { name: 'COD verification' });
    await within(panel).findByText('Awaiting buyer');
    expect(within(panel).getByText('Waiting for the buyer until 20 Nov 2026, 06:00 pm (IST).')).toBeTruthy();
    expect(within(panel).getByText(AWAITING_REFUSAL)).toBeTruthy();
    expect(within(panel).getByText('Order value above ₹2,500')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Ship without confirmation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship without the buyer’s confirmation?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship without confirmation' }));
    await within(panel).findByText('This order may ship without the buyer’s confirmation now');
    await waitFor(() => expect(within(panel).queryByText(AWAITING_REFUSAL)).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      pathOf(API_COD_VERIFICATION.override, { orderId: 7 }),
    ]);
  });
});
