import type * as v from 'valibot';
import * as operation from '../../src/domain/operation';
import * as account from '../../src/domain/account-contract';
import * as accountManager from '../../src/domain/account-manager-contract';
import * as audit from '../../src/domain/audit-contract';
import * as auth from '../../src/domain/auth-contract';
import * as b2b from '../../src/domain/b2b-contract';
import * as bank from '../../src/domain/bank-contract';
import * as channels from '../../src/domain/channels-contract';
import * as cod from '../../src/domain/cod-contract';
import * as codVerification from '../../src/domain/cod-verification-contract';
import * as config from '../../src/domain/config-contract';
import * as corporate from '../../src/domain/corporate-contract';
import * as courierHealth from '../../src/domain/courier-health-contract';
import * as courierInlet from '../../src/domain/courier-inlet-contract';
import * as customReports from '../../src/domain/custom-reports-contract';
import * as dashboard from '../../src/domain/dashboard-contract';
import * as disputes from '../../src/domain/disputes-contract';
import * as documentTemplates from '../../src/domain/document-templates-contract';
import * as files from '../../src/domain/files-contract';
import * as kyc from '../../src/domain/kyc-contract';
import * as liveEvents from '../../src/domain/live-events-contract';
import * as ndr from '../../src/domain/ndr-contract';
import * as notices from '../../src/domain/notices-contract';
import * as openApi from '../../src/domain/open-api-contract';
import * as orderViews from '../../src/domain/order-views-contract';
import * as orders from '../../src/domain/orders-contract';
import * as paymentModes from '../../src/domain/payment-modes-contract';
import * as pickups from '../../src/domain/pickups-contract';
import * as policies from '../../src/domain/policies-contract';
import * as pricing from '../../src/domain/pricing-contract';
import * as recommendation from '../../src/domain/recommendation-contract';
import * as reference from '../../src/domain/reference-contract';
import * as registration from '../../src/domain/registration-contract';
import * as reports from '../../src/domain/reports-contract';
import * as returns from '../../src/domain/returns-contract';
import * as setup from '../../src/domain/setup-contract';
import * as shipping from '../../src/domain/shipping-contract';
import * as simulation from '../../src/domain/simulation-contract';
import * as split from '../../src/domain/split-contract';
import * as staff from '../../src/domain/staff-contract';
import * as team from '../../src/domain/team-contract';
import * as terms from '../../src/domain/terms-contract';
import * as tickets from '../../src/domain/tickets-contract';
import * as tracking from '../../src/domain/tracking-contract';
import * as trackingSettings from '../../src/domain/tracking-settings-contract';
import * as uploads from '../../src/domain/uploads-contract';
import * as wallet from '../../src/domain/wallet-contract';
import * as weight from '../../src/domain/weight-contract';
import * as spendableWallet from '../../src/domain/spendable-wallet';

// The OpenAPI document's named schemas: every `*Schema` a contract exports (and every refusal's
// ErrorAnswerSchema), named by its export name without `Schema`. A test keeps this list to the
// contracts in src/domain (tests/scripts/openapi-client.test.ts). The answers' shared parts that
// live in a module of their own (the spendable wallet, kept out of the seller app's first chunk)
// are named from it too.

export const CONTRACT_MODULES: Record<string, Record<string, unknown>> = {
  'account-contract': account,
  'account-manager-contract': accountManager,
  'audit-contract': audit,
  'auth-contract': auth,
  'b2b-contract': b2b,
  'bank-contract': bank,
  'channels-contract': channels,
  'cod-contract': cod,
  'cod-verification-contract': codVerification,
  'config-contract': config,
  'corporate-contract': corporate,
  'courier-health-contract': courierHealth,
  'courier-inlet-contract': courierInlet,
  'custom-reports-contract': customReports,
  'dashboard-contract': dashboard,
  'disputes-contract': disputes,
  'document-templates-contract': documentTemplates,
  'files-contract': files,
  'kyc-contract': kyc,
  'live-events-contract': liveEvents,
  'ndr-contract': ndr,
  'notices-contract': notices,
  'open-api-contract': openApi,
  'order-views-contract': orderViews,
  'orders-contract': orders,
  'payment-modes-contract': paymentModes,
  'pickups-contract': pickups,
  'policies-contract': policies,
  'pricing-contract': pricing,
  'recommendation-contract': recommendation,
  'reference-contract': reference,
  'registration-contract': registration,
  'reports-contract': reports,
  'returns-contract': returns,
  'setup-contract': setup,
  'shipping-contract': shipping,
  'simulation-contract': simulation,
  'split-contract': split,
  'staff-contract': staff,
  'team-contract': team,
  'terms-contract': terms,
  'tickets-contract': tickets,
  'tracking-contract': tracking,
  'tracking-settings-contract': trackingSettings,
  'uploads-contract': uploads,
  'wallet-contract': wallet,
  'weight-contract': weight,
};

const isSchema = (value: unknown): value is v.GenericSchema =>
  !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'schema';

/** Each named schema and its component name; one name for one schema (a schema exported twice keeps its first name). */
export function namedSchemas(): Map<v.GenericSchema, string> {
  const named = new Map<v.GenericSchema, string>();
  const taken = new Map<string, v.GenericSchema>();
  for (const exports of [operation, ...Object.values(CONTRACT_MODULES), spendableWallet]) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!exportName.endsWith('Schema') || !isSchema(value) || named.has(value)) continue;
      const name = exportName.slice(0, -'Schema'.length);
      if (taken.has(name) && taken.get(name) !== value)
        throw new Error(`two contracts export ${exportName}: give one of them another name`);
      taken.set(name, value);
      named.set(value, name);
    }
  }
  return named;
}
