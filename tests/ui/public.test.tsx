// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API, type Plan } from '../../src/domain/account-contract';
import { PricingScreen } from '../../src/ui/screens/public/pricing-screen';
import { PolicyScreen } from '../../src/ui/screens/public/policy-screen';
import { NotFoundScreen } from '../../src/ui/screens/public/not-found-screen';
import { DeniedScreen } from '../../src/ui/screens/public/denied-screen';
import { POLICIES } from '../../src/domain/policies';
import { fakeHttp, fakeSession, renderScreen } from './helpers';
import { pathOf } from '../../src/domain/operation';
import { API_POLICIES } from '../../src/domain/policies-contract';

afterEach(cleanup);

const PLANS: Plan[] = [
  {
    code: 'LITE',
    name: 'Lite',
    monthlyPrice: 0,
    features: ['multiple sales channel integrations', 'real-time tracking'],
  },
  { code: 'PRO', name: 'Pro', monthlyPrice: 2450, features: ['priority carrier selection', '24/7 support'] },
  { code: 'PREMIUM', name: 'Premium', monthlyPrice: 4950, features: ['open API access', 'up to 50 seller logins'] },
];

describe('PricingScreen', () => {
  it('renders three cards from GET plans with the charged ₹ price only, features and Get Started links', async () => {
    const { http, calls } = fakeHttp({ [`GET ${API.plans}`]: () => ({ data: PLANS }) });
    renderScreen(<PricingScreen />, {
      http,
      path: '/pricing',
      session: fakeSession({ status: 'anonymous', claims: null, account: null }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a Plan That Works Best for You' })).toBeTruthy();
    expect(screen.getByText('Start with a free account and upgrade as you grow')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy(); // loading
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards).toHaveLength(3);
    expect(calls).toEqual([{ method: 'GET', path: API.plans, body: undefined }]);
    const [lite, pro, premium] = cards;
    expect(within(lite).getByText('₹0')).toBeTruthy();
    expect(within(lite).queryByText(/Also listed/)).toBeNull();
    expect(within(pro).getByText('₹2,450')).toBeTruthy();
    expect(within(pro).queryByText(/Also listed|₹199|₹109/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(premium).getByText('₹4,950')).toBeTruthy();
    expect(within(premium).getByText('up to 50 seller logins')).toBeTruthy();
    for (const card of cards) {
      const link = within(card).getByRole('link', { name: /Get Started Now/ });
      expect(link.getAttribute('href')).toBe('/register');
      expect(link.textContent).toBe('Get Started Now');
    }
  });

  it('offers a signed-in seller the way back to their account instead of Login', async () => {
    const { http } = fakeHttp({ [`GET ${API.plans}`]: () => ({ data: PLANS }) });
    renderScreen(<PricingScreen />, { http, path: '/pricing', session: fakeSession() });
    await screen.findAllByTestId('plan-card');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/home');
  });

  it('shows the error and retries', async () => {
    let fail = true;
    const { http } = fakeHttp({
      [`GET ${API.plans}`]: () => {
        if (fail) throw { status: 0, message: 'No Internet Connection' };
        return { data: PLANS };
      },
    });
    renderScreen(<PricingScreen />, { http });
    expect((await screen.findByRole('alert')).textContent).toContain('No Internet Connection');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('plan-card')).toHaveLength(3);
  });
});

describe('PolicyScreen', () => {
  it.each(['terms_conditions', 'privacy_policy', 'refund_policy'] as const)(
    '%s renders its text and a PDF download in a new tab',
    (name) => {
      renderScreen(<PolicyScreen name={name} />);
      expect(screen.getByRole('heading', { level: 1, name: POLICIES[name].title })).toBeTruthy();
      const link = screen.getByRole('link', { name: /Download PDF/ });
      expect(link.getAttribute('href')).toBe(pathOf(API_POLICIES.pdf, { file: `${name}.pdf` }));
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
      expect(screen.getByRole('heading', { level: 2, name: POLICIES[name].sections[0].heading })).toBeTruthy();
    },
  );
});

describe('error pages', () => {
  it("NotFoundScreen says '404 Page Not Found!' with a link home", () => {
    renderScreen(<NotFoundScreen />, {
      path: '/nowhere',
      session: fakeSession({ status: 'anonymous', claims: null, account: null }),
    });
    expect(screen.getByRole('heading', { name: '404 Page Not Found!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('a logged-in seller’s 404 keeps their frame and menu, with no Login', () => {
    renderScreen(<NotFoundScreen />, { path: '/nowhere' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('DeniedScreen explains and links back', async () => {
    renderScreen(<DeniedScreen />, { path: '/denied' });
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to home' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });
});
