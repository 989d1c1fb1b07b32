import type { ForwardStatus } from './order-status';

// The orders list's status tabs: which statuses each tab shows and how its count is made from
// the per-status counts the server answers.

export interface OrderTab {
  key: string;
  label: string;
  statuses?: readonly ForwardStatus[];
  archived?: boolean;
}

export const ORDER_TABS: readonly OrderTab[] = [
  { key: 'all', label: 'All' },
  { key: 'ready', label: 'Ready To Ship', statuses: ['RTS'] },
  { key: 'pickup', label: 'Pickup Scheduled', statuses: ['PKP_SCH'] },
  { key: 'transit', label: 'In Transit', statuses: ['PKD', 'INT', 'OFD'] },
  { key: 'ndr', label: 'Delivery Failed', statuses: ['NDR'] },
  { key: 'delivered', label: 'Delivered', statuses: ['DLV'] },
  { key: 'rto', label: 'RTO', statuses: ['RTO_INT', 'RTO_DLV'] },
  { key: 'cancelled', label: 'Cancelled', statuses: ['CAN'] },
  { key: 'archived', label: 'Archived', archived: true },
];

/** The tab a URL's `tab` names; 'All' for none or an unknown one. */
export const orderTabOf = (key: string | null | undefined): OrderTab =>
  ORDER_TABS.find((t) => t.key === key) ?? ORDER_TABS[0];

/** A tab's count from the per-status counts; null for Archived (the counts leave archived orders out). */
export function orderTabCount(tab: OrderTab, counts: Partial<Record<string, number>>): number | null {
  if (tab.statuses) return tab.statuses.reduce((n, s) => n + (counts[s] ?? 0), 0);
  if (tab.archived) return null;
  return Object.values(counts).reduce<number>((a, b) => a + (b ?? 0), 0);
}

/** The list filters a tab stands for. */
export const orderTabFilters = (tab: OrderTab) => ({
  orderStatusCodes: tab.statuses?.join(','),
  archived: tab.archived ? 'true' : undefined,
});
