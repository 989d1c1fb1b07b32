import * as v from 'valibot';
import { LIVE_EVENT, OrderStatusEventSchema, type OrderStatusEvent } from '../live-events-contract';

// The text/event-stream format (the HTML standard's server-sent events), read incrementally from
// a response body: fetch rather than EventSource, because EventSource cannot send the bearer
// token. Shared by the seller app, the staff screen and the buyer's tracking page (which may not
// import the seller app), so the reading lives here and each side only opens the request.

export interface StreamFrame {
  /** the last event id seen so far in this stream ('' when none) */
  id: string;
  event: string;
  data: string;
}

export interface StreamParserHandlers {
  frame(frame: StreamFrame): void;
  /** a comment line (`: ping`): the server is there */
  comment?(text: string): void;
}

/** A parser fed decoded text as it arrives; lines may break anywhere between chunks. */
export function createEventStreamParser(on: StreamParserHandlers) {
  let buffer = '';
  let lastId = '';
  let event = '';
  let data: string[] = [];
  // a chunk that ended in CR may be followed by the LF of the same line break
  let skipLf = false;

  const line = (text: string) => {
    if (text === '') {
      if (data.length) on.frame({ id: lastId, event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return on.comment?.(text.slice(1).trimStart());
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    // `retry` and unknown fields are ignored: reconnect waits follow LIVE_RECONNECT_BACKOFF_MS
  };

  return {
    push(chunk: string) {
      let text = chunk;
      if (skipLf && text.startsWith('\n')) text = text.slice(1);
      skipLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLf = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    get lastEventId() {
      return lastId;
    },
  };
}

/** What a live stream tells its machine (src/machines/live-stream.machine.ts). */
export type LiveSignal =
  | { type: 'STREAM.OPENED' }
  | { type: 'STREAM.STATUS'; event: OrderStatusEvent }
  | { type: 'STREAM.PING' }
  | { type: 'STREAM.END' }
  | { type: 'STREAM.ERROR'; error: { status: number; message: string } };

export const LIVE_TEXT = {
  notAStream: 'Live updates are not available for this order',
  dropped: 'The live connection dropped',
  refused: 'Live updates were refused',
} as const;

/** How a refusal is put in words: the seller app passes spec section 8's rule (errorText). */
export type RefusalText = (failure: { header: string | null; body: unknown }) => string;

/** The header, else the body's errorMessage: the buyer's page carries no message catalogue. */
const plainRefusal: RefusalText = ({ header, body }) =>
  header || (body as { errorMessage?: string } | null)?.errorMessage || LIVE_TEXT.refused;

/**
 * Reads one live stream: `open` sends the request (with whatever headers its side needs); the
 * answer's frames become signals. A status event whose data is not an order status event is
 * skipped. `event: end` is STREAM.END (the order can move no further); a refusal, a dropped
 * connection or a close without `event: end` (a server restarting) is STREAM.ERROR with the status (0 for the network). Returns a stop function.
 */
export function runLiveStream(
  open: (signal: AbortSignal) => Promise<Response>,
  send: (signal: LiveSignal) => void,
  refusalText: RefusalText = plainRefusal,
): () => void {
  const controller = new AbortController();
  let done = false;
  // nothing is said after the end, an error or a stop
  const say = (s: LiveSignal) => {
    if (!done && !controller.signal.aborted) send(s);
  };
  const finish = (s: LiveSignal) => {
    say(s);
    done = true;
  };
  const read = async () => {
    const res = await open(controller.signal);
    if (!res.ok) {
      const body = await res.json().catch(() => null);
      const message = refusalText({ header: res.headers.get('x-error-message'), body });
      return finish({ type: 'STREAM.ERROR', error: { status: res.status, message } });
    }
    if (!res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream'))
      return finish({ type: 'STREAM.ERROR', error: { status: 406, message: LIVE_TEXT.notAStream } });
    say({ type: 'STREAM.OPENED' });
    const parser = createEventStreamParser({
      frame: (f) => {
        if (f.event === LIVE_EVENT.end) return finish({ type: 'STREAM.END' });
        if (f.event !== LIVE_EVENT.status) return;
        let json: unknown;
        try {
          json = JSON.parse(f.data);
        } catch {
          return;
        }
        const parsed = v.safeParse(OrderStatusEventSchema, json);
        if (parsed.success) say({ type: 'STREAM.STATUS', event: parsed.output });
      },
      comment: () => say({ type: 'STREAM.PING' }),
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended || done || controller.signal.aborted) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    if (done || controller.signal.aborted) await reader.cancel().catch(() => {});
    // closed without `event: end`: the server went away (a restart, a deploy); resume elsewhere
    finish({ type: 'STREAM.ERROR', error: { status: 0, message: LIVE_TEXT.dropped } });
  };
  read().catch(() => finish({ type: 'STREAM.ERROR', error: { status: 0, message: LIVE_TEXT.dropped } }));
  return () => controller.abort();
}
