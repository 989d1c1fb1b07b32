import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { csvAttachment, csvText } from '../../http/csv';
import { EXPORT_LIMIT } from '../../../src/domain/paging';
import { API_PINCODE_PERFORMANCE, PLACE_GROUP_TEXT } from '../../../src/domain/quality/pincode-performance-contract';
import { performancePeriod, pincodePerformance } from './pincode-performance';

// The seller's pincode performance page and its CSV (src/domain/quality/pincode-performance-contract.ts).

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerQualityRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_PINCODE_PERFORMANCE.list, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller, query }) =>
      pincodePerformance(deps.db, caller.orgId, query, deps.now(), {
        pageNumber: query.pageNumber,
        recordsPerPage: query.recordsPerPage,
      }),
  });
  router.route(API_PINCODE_PERFORMANCE.export, {
    access: SELLERS,
    permission: 'reports.view',
    handler: async ({ caller, query }) => {
      const { fromDate, toDate } = performancePeriod(query, deps.now());
      const page = await pincodePerformance(deps.db, caller.orgId, query, deps.now(), {
        pageNumber: 0,
        recordsPerPage: EXPORT_LIMIT,
      });
      const csv = csvText(
        [
          PLACE_GROUP_TEXT[query.groupBy],
          ...(query.groupBy === 'STATE' ? [] : query.groupBy === 'PINCODE' ? ['District', 'State'] : ['State']),
          'Courier',
          'Shipments',
          'Delivered',
          'RTO',
          'NDR',
          'Delivered %',
          'RTO %',
          'NDR %',
          'Average days to deliver',
        ],
        page.items.map((r) => [
          r.place,
          ...(query.groupBy === 'STATE' ? [] : query.groupBy === 'PINCODE' ? [r.district, r.state] : [r.state]),
          r.carrierName,
          r.shipments,
          r.delivered,
          r.rto,
          r.ndr,
          r.deliveredPct,
          r.rtoPct,
          r.ndrPct,
          r.avgDays,
        ]),
      );
      return csvAttachment(`pincode-performance-${fromDate}-to-${toDate}.csv`, csv);
    },
  });
}
