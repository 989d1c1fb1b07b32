import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { dayFilter, listQuerySchema, pagingEntries, sortEntries } from '../../../src/domain/paging';
import { csvAttachment } from '../../http/csv';
import {
  API_COD,
  CodForecastSchema,
  CodSettingsSchema,
  CycleResultSchema,
  PayoutDetailSchema,
  SellerPayoutListSchema,
  StaffPaidListSchema,
  StaffPendingListSchema,
  PayoutBankDetailsSchema,
  BANK_FILE_MAX_PAYOUTS,
} from '../../../src/domain/cod-contract';
import {
  EarlyCodBody,
  HoldBody,
  MarkPaidBody,
  PayoutMethodBody,
  PayoutStatusFilter,
} from '../../../src/domain/schemas/cod';
import * as cod from './service';
import { bankFileCsv, revealBankDetails } from './bank-transfer';
import { auditActorOf } from '../../http/staff-write';
import { istDate } from '../../../src/domain/cod-remittance';
import { runCodCycle } from './cycle';

const TAG = 'cod-remittance';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const idParam = v.object({ payoutId: numericId('payoutId') });
const payoutIdsText = `payoutIds must be 1 to ${BANK_FILE_MAX_PAYOUTS} payout numbers separated by commas`;
const payoutIdList = v.pipe(
  v.string(payoutIdsText),
  v.regex(/^\d{1,9}(,\d{1,9})*$/, payoutIdsText),
  v.transform((text) => [...new Set(text.split(',').map(Number))]),
  v.check((ids) => ids.length <= BANK_FILE_MAX_PAYOUTS, payoutIdsText),
);
const listQuery = v.object({ ...pagingEntries, status: PayoutStatusFilter });
const errors404 = { 404: 'no such COD payout of yours' };

export function registerCodRoutes(router: ApiRouter, deps: AppDeps) {
  // seller
  // before /payouts/:payoutId
  router.add({
    method: 'get',
    path: API_COD.statement,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    query: listQuerySchema(
      {
        ...pagingEntries,
        ...sortEntries(['payoutDate'], 'payoutDate'),
        status: PayoutStatusFilter,
        fromDate: dayFilter('fromDate'),
        toDate: dayFilter('toDate'),
      },
      [['fromDate', 'toDate']],
    ),
    summary:
      "The seller's COD statement as CSV (the payouts list's export): every line of the payouts of the status and on days in the range",
    returns: 'text/csv attachment cod-remittance-statement.csv',
    response: { file: 'text/csv' },
    handler: async ({ caller, query }) =>
      csvAttachment('cod-remittance-statement.csv', await cod.statementCsv(deps.db, caller.orgId, query)),
  });

  router.add({
    method: 'get',
    path: API_COD.payouts,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    query: listQuery,
    summary:
      "The seller's COD payouts, newest payout day first, with what was remitted, waits for transfer and is held",
    response: SellerPayoutListSchema,
    handler: ({ caller, query }) => cod.sellerPayouts(deps.db, caller.orgId, query),
  });
  router.add({
    method: 'get',
    path: API_COD.payout(':payoutId'),
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    params: idParam,
    summary: 'One COD payout with its lines: each shipment (carrier partner, amount), the early-COD fee and deductions',
    response: PayoutDetailSchema,
    errors: errors404,
    handler: ({ caller, params }) => cod.sellerPayout(deps.db, caller.orgId, params.payoutId),
  });
  router.add({
    method: 'get',
    path: API_COD.forecast,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    summary:
      'The next payouts: which delivered COD shipments are expected on which payout day, with the early-COD fee and the negative wallet expected to be deducted',
    response: CodForecastSchema,
    handler: ({ caller }) => cod.forecast(deps, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_COD.settings,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    summary: "The seller's COD cycle: the plan's days, early COD and its fee, where payouts go",
    response: CodSettingsSchema,
    handler: ({ caller }) => cod.codSettings(deps.db, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_COD.earlyCod,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.manage',
    body: EarlyCodBody,
    summary:
      'Opts in to early COD (D+2 or D+3 for the fee shown; shipments delivered from now on) with the terms accepted, or out with null',
    response: CodSettingsSchema,
    handler: ({ caller, body }) => cod.setEarlyCod(deps, caller.orgId, body),
  });
  router.add({
    method: 'put',
    path: API_COD.payoutMethod,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.manage',
    body: PayoutMethodBody,
    summary: 'Pays COD into the wallet (at once, on each payout day) or into the verified primary bank account',
    response: CodSettingsSchema,
    handler: ({ caller, body }) => cod.setPayoutMethod(deps, caller.orgId, body.payToWallet),
  });
  // staff
  router.add({
    method: 'get',
    path: API_COD.pending,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    query: listQuery,
    summary:
      'COD payouts not paid yet (waiting for bank transfer, or on hold), oldest payout day first: amount to be remitted, oldest delivery, time left',
    response: StaffPendingListSchema,
    handler: ({ query }) => cod.staffPending(deps.db, query),
  });
  router.add({
    method: 'get',
    path: API_COD.paid,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    query: v.object({ ...pagingEntries }),
    summary: 'Paid COD shipments, newest payment first: order, tracking number, seller, amount, UTR, comments, status',
    response: StaffPaidListSchema,
    handler: ({ query }) => cod.staffPaid(deps.db, query),
  });
  router.add({
    method: 'get',
    path: API_COD.history,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    query: listQuery,
    summary: 'Every COD payout, newest payout day first',
    response: StaffPendingListSchema,
    handler: ({ query }) => cod.staffHistory(deps.db, query),
  });
  router.add({
    method: 'get',
    path: API_COD.staffPayout(':payoutId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    params: idParam,
    summary: 'One COD payout with its lines, for staff',
    response: PayoutDetailSchema,
    errors: { 404: 'no such COD payout' },
    handler: ({ params }) => cod.staffPayout(deps.db, params.payoutId),
  });
  router.add({
    method: 'post',
    path: API_COD.markPaid(':payoutId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    params: idParam,
    body: MarkPaidBody,
    summary: "Marks a payout waiting for bank transfer paid with the bank's UTR (once; a UTR pays one payout)",
    response: PayoutDetailSchema,
    errors: { 404: 'no such COD payout', 409: 'not waiting for transfer, or the UTR pays another payout' },
    handler: ({ caller, params, body }) => cod.markPaid(deps, caller.accountId, params.payoutId, body),
  });
  router.add({
    method: 'post',
    path: API_COD.hold(':payoutId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    params: idParam,
    body: HoldBody,
    summary: 'Holds a bank payout not paid yet, with a reason the seller reads',
    response: PayoutDetailSchema,
    errors: { 404: 'no such COD payout', 409: 'paid, into the wallet, or held already' },
    handler: ({ params, body }) => cod.holdPayout(deps, params.payoutId, body.holdReason),
  });
  router.add({
    method: 'post',
    path: API_COD.release(':payoutId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    params: idParam,
    summary: "Releases a staff hold: the payout's KYC and bank account are checked again and it goes on",
    response: PayoutDetailSchema,
    errors: { 404: 'no such COD payout', 409: 'not held by staff' },
    handler: ({ params }) => cod.releasePayout(deps, params.payoutId),
  });
  router.add({
    method: 'post',
    path: API_COD.runCycle,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    summary:
      'Runs the payout cycle of the latest payout day now (the job runs it on its beat): safe to repeat, a second run adds nothing',
    response: CycleResultSchema,
    handler: () => runCodCycle(deps),
  });
  router.add({
    method: 'get',
    path: API_COD.bankDetails(':payoutId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    params: idParam,
    summary:
      'The whole bank account a bank payout goes to (holder, number, IFSC, bank, branch), for the staff who pay it; each reveal is audited',
    response: PayoutBankDetailsSchema,
    errors: { 404: 'no such COD bank payout' },
    handler: ({ c, caller, params }) => revealBankDetails(deps, auditActorOf(c, caller), params.payoutId),
  });
  router.add({
    method: 'get',
    path: API_COD.bankFile,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'cod.manage',
    query: v.object({ payoutIds: payoutIdList }),
    summary:
      'A NEFT bulk-upload file of the chosen payouts waiting for bank transfer (docs/decisions/cod-remittance.md); audited',
    returns: 'text/csv attachment cod-neft-<date>.csv, no byte order mark',
    response: { file: 'text/csv' },
    errors: { 404: 'a payout that is not a COD bank payout', 409: 'a payout not waiting for bank transfer' },
    handler: async ({ c, caller, query }) =>
      csvAttachment(
        `cod-neft-${istDate(deps.now())}.csv`,
        await bankFileCsv(deps, auditActorOf(c, caller), query.payoutIds),
        { bom: false },
      ),
  });
}
