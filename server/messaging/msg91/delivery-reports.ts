import type { MessageStatus } from '../../../src/domain/messaging/message-kinds';

// MSG91's delivery reports as its webhook sends them: version 2 is a form field "data" holding a
// JSON array of requests, each with its report list ({ number, status, desc, failedReason });
// version 3 is one JSON object per number ({ requestId, number, status, desc }). Both are read.
// Status codes: 1 delivered, 2 failed, 9 NDNC (a promotional SMS to a DND number), 16 and 25
// rejected, 17 blocked number; any other code is an interim state and changes nothing.

export interface DeliveryReport {
  requestId: string;
  /** +91 and ten digits */
  recipient: string;
  status: MessageStatus;
  /** why it failed, in words, when it did */
  error: string | null;
}

const FAILED: Record<string, string> = {
  '2': 'The operator could not deliver the SMS.',
  '9': 'The number is on the do-not-disturb registry.',
  '16': 'The operator rejected the SMS.',
  '25': 'The operator rejected the SMS.',
  '17': 'The number is blocked.',
};

function one(requestId: unknown, item: Record<string, unknown>): DeliveryReport | null {
  const code = String(item.status ?? '');
  const number = String(item.number ?? item.telNum ?? '').replace(/\D/g, '');
  if (typeof requestId !== 'string' || !requestId || number.length < 10) return null;
  const recipient = `+91${number.slice(-10)}`;
  if (code === '1') return { requestId, recipient, status: 'delivered', error: null };
  if (FAILED[code]) return { requestId, recipient, status: 'failed', error: FAILED[code] };
  return null;
}

/** The reports in a webhook call (form or JSON body); unreadable entries are skipped. */
export function readDeliveryReports(contentType: string, raw: string): DeliveryReport[] | null {
  let parsed: unknown;
  try {
    parsed = contentType.includes('application/x-www-form-urlencoded')
      ? JSON.parse(new URLSearchParams(raw).get('data') ?? '')
      : (JSON.parse(raw) as unknown);
    // a JSON body may also carry version 2's stringified "data"
    if (
      parsed &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      typeof (parsed as { data?: unknown }).data === 'string'
    )
      parsed = JSON.parse((parsed as { data: string }).data);
  } catch {
    return null;
  }
  const requests = Array.isArray(parsed) ? parsed : [parsed];
  const out: DeliveryReport[] = [];
  for (const r of requests) {
    if (!r || typeof r !== 'object') return null;
    const req = r as Record<string, unknown>;
    const items = Array.isArray(req.report) ? (req.report as Record<string, unknown>[]) : [req];
    for (const item of items) {
      const report = item && typeof item === 'object' ? one(req.requestId, item) : null;
      if (report) out.push(report);
    }
  }
  return out;
}
