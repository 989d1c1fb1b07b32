// MSG91's v5 Flow API as its public documents describe it: POST /api/v5/flow/ with the account's
// key in the authkey header; a JSON body naming the template (template_id), whether links are
// shortened (short_url), the DLT sender header (sender) and the recipients, each with its number
// in international form without + (mobiles) and the template's ##name## variables by name.
// The answer is { type: "success", message: <request id> } or { type: "error", message } —
// the latter also with HTTP 200, so the type decides, never the status alone.

export const FLOW_PATH = '/api/v5/flow/';

export type FlowRecipient = { mobiles: string } & Record<string, string>;

export interface FlowRequest {
  template_id: string;
  short_url: '0' | '1';
  sender: string;
  recipients: FlowRecipient[];
}

export type FlowAnswer = { ok: true; requestId: string } | { ok: false; message: string; transient: boolean };

/** The number as MSG91 wants it: 91 and the ten digits. */
export function msg91Number(recipient: string): string {
  return `91${recipient.replace(/\D/g, '').slice(-10)}`;
}

/** Reads an answer of the Flow API: its type decides; anything else is the provider failing. */
export function readFlowAnswer(status: number, text: string): FlowAnswer {
  let body: { type?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: a gateway page or an empty answer
  }
  const message = typeof body.message === 'string' ? body.message : '';
  if (status === 429) return { ok: false, message: 'too many messages at once', transient: true };
  if (body.type === 'success' && message) return { ok: true, requestId: message };
  if (body.type === 'error') return { ok: false, message: message || 'no reason given', transient: status >= 500 };
  return { ok: false, message: `an unexpected answer (HTTP ${status})`, transient: true };
}
