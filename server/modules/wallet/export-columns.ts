import type { ExportColumn } from '../../http/list-export';
import type { WalletEntryRow } from '../../../src/domain/wallet-contract';
import { formatDateTime } from '../../../src/domain/format';
import { rupeesOf } from '../../../src/domain/money';

// The wallet statement's columns as a file has them: its CSV export and the wallet report.

export const WALLET_EXPORT_COLUMNS: ExportColumn<WalletEntryRow>[] = [
  { header: 'date', value: (r) => formatDateTime(r.createdAt) },
  { header: 'type', value: (r) => r.label },
  { header: 'reference', value: (r) => r.reference },
  { header: 'description', value: (r) => r.description },
  { header: 'credit', value: (r) => (r.amountPaise > 0 ? rupeesOf(r.amountPaise).toFixed(2) : '') },
  { header: 'debit', value: (r) => (r.amountPaise < 0 ? rupeesOf(-r.amountPaise).toFixed(2) : '') },
  { header: 'balance', value: (r) => rupeesOf(r.balanceAfterPaise).toFixed(2) },
];
