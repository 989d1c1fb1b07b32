import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, vi } from 'vitest';
import type { AccountInfo } from '../../src/domain/account-contract';
import { API_NOTICES } from '../../src/domain/notices-contract';
import { dismissNotice, NotificationBanner } from '../../src/services/notify';
import { ScreenServicesProvider, type ScreenSession } from '../../src/services/screen-services';
import type { Http } from '../../src/services/types';

// UI tests mock only the HTTP layer (and the session's view of who is signed in); machines run.

type Handler = (body: unknown, query?: Record<string, unknown>) => unknown;

/** An Http whose answers come from `routes` ('GET /api/v1/plans' → handler); unknown calls fail. */
const FRAME_READS: Record<string, unknown> = {
  [`GET ${API_NOTICES.sellerBanners.path}`]: { data: [] },
  [`GET ${API_NOTICES.activeReleaseNotes.path}`]: { data: [] },
  [`GET ${API_NOTICES.unreadCount.path}`]: { data: { unread: 0 } },
};

export function fakeHttp(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const answer = (method: string) => async (path: string, bodyOrQuery?: unknown) => {
    // the seller frame's own reads (banners, new release notes, the bell) are not the screen's calls
    if (!routes[`${method} ${path}`] && FRAME_READS[`${method} ${path}`]) return FRAME_READS[`${method} ${path}`];
    calls.push({ method, path, body: bodyOrQuery });
    const handler = routes[`${method} ${path}`];
    if (!handler) throw { status: 404, message: `no fake for ${method} ${path}` };
    return handler(bodyOrQuery, bodyOrQuery as Record<string, unknown>);
  };
  const http = {
    get: answer('GET'),
    post: answer('POST'),
    put: answer('PUT'),
    delete: answer('DELETE'),
    upload: answer('UPLOAD'),
    download: answer('DOWNLOAD'),
    downloadPost: answer('DOWNLOAD'),
    uploadWithProgress: async (path: string, form: FormData, onProgress: (loaded: number, total: number) => void) => {
      onProgress(50, 100);
      return answer('UPLOAD')(path, form);
    },
  } as unknown as Http;
  return { http, calls };
}

/** A promise the test settles later, for watching the loading state. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const ACCOUNT: AccountInfo = {
  firstName: 'Ravi',
  lastName: 'Kumar',
  walletBalance: 1234.5,
  walletBalancePaise: 123450,
  kycVerified: false,
  email: 'ravi@kumar.in',
  phone: '9876543210',
  permissions: [],
  smartPackageSelectionEnabled: false,
  mergedShippingLabelsAllowed: false,
  postpaidWallet: false,
  role: 'OWNER',
  subscriptionType: 'LITE',
  subscriptionExpiryDate: null,
  addressLine1: null,
  companyLogoUrl: null,
  companySignUrl: null,
  termsAndConditionsDetailsInfoDTO: null,
  hasPendingDowngradeRequest: false,
  subscriptionBillingFrequency: null,
  betaFeaturesEnabled: false,
  betaFeatures: false,
  previousPaidSubscriptionsBool: false,
  companyName: 'Kumar Traders',
  mustChangePassword: false,
  homeTourSeen: true,
};

export function fakeSession(overrides: Partial<ScreenSession> = {}): ScreenSession {
  return {
    status: 'authenticated',
    claims: { sub: '1', st: 'LITE', at: 'SELLER', oid: 1, scope: ['OWNER'], role: 'OWNER', exp: 0, iat: 0 },
    account: ACCOUNT,
    logout: vi.fn(),
    reloadAccount: vi.fn(),
    ...overrides,
  };
}

function WhereAmI() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders a screen at `path` with the fakes, the banner and a location readout. */
export function renderScreen(
  ui: ReactElement,
  {
    http = fakeHttp({}).http,
    session = fakeSession(),
    path = '/',
  }: { http?: Http; session?: ScreenSession; path?: string } = {},
) {
  return render(
    <ScreenServicesProvider http={http} session={session}>
      <MemoryRouter initialEntries={[path]}>
        <NotificationBanner />
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <WhereAmI />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </ScreenServicesProvider>,
  );
}

/** For screens that save files: object URLs exist, and each test ends with no banner and nothing rendered. */
export function screensThatSaveFiles() {
  beforeAll(() => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    act(() => dismissNotice());
    cleanup();
  });
}

/** A page of a list answer. */
export const page = <T,>(items: T[], total = items.length) => ({
  data: { items, total, pageNumber: 0, recordsPerPage: 10 },
});
