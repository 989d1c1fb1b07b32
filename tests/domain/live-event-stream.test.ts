import { describe, expect, it } from 'vitest';
import {
  createEventStreamParser,
  LIVE_TEXT,
  runLiveStream,
  type LiveSignal,
  type StreamFrame,
} from '../../src/domain/live/event-stream';

// The text/event-stream format read in pieces: lines broken anywhere, multi-line data, comments,
// ids that carry over; and a live stream's answers turned into what its machine hears.

function parse(chunks: string[]) {
  const frames: StreamFrame[] = [];
  const comments: string[] = [];
  const p = createEventStreamParser({ frame: (f) => frames.push(f), comment: (c) => comments.push(c) });
  for (const c of chunks) p.push(c);
  return { frames, comments, lastEventId: p.lastEventId };
}

const statusEvent = (eventId: string, status: string) => ({
  eventId,
  orderId: 7,
  orderNumber: 'ORD-000007',
  trackingNumber: '14000000000007',
  status,
  statusText: status,
  at: '2026-11-26T06:30:00.000Z',
  location: 'Mumbai',
  remark: null,
});

describe('the event-stream parser', () => {
  it('reads id, event and multi-line data, and dispatches on a blank line', () => {
    const { frames } = parse(['id: 5\nevent: status\ndata: {"a":\ndata: 1}\n\n']);
    expect(frames).toEqual([{ id: '5', event: 'status', data: '{"a":\n1}' }]);
  });

  it('takes lines broken anywhere between chunks, with LF, CR or CRLF', () => {
    const { frames } = parse(['id: 1\r', '\nevent: sta', 'tus\rdata: x', '\r\n\r', '\ndata: y\n', '\n']);
    expect(frames).toEqual([
      { id: '1', event: 'status', data: 'x' },
      { id: '1', event: 'message', data: 'y' },
    ]);
  });

  it('reports comments, keeps the last id for later frames, and holds an unfinished frame', () => {
    const { frames, comments, lastEventId } = parse([': ping\n\nid: 9\ndata: a\n\ndata: b\n\ndata: c']);
    expect(comments).toEqual(['ping']);
    expect(frames).toEqual([
      { id: '9', event: 'message', data: 'a' },
      { id: '9', event: 'message', data: 'b' },
    ]);
    expect(lastEventId).toBe('9');
  });

  it('ignores a value-less field name, an id with NUL and a blank line without data', () => {
    const { frames } = parse(['data\n\nid: a\0b\nevent: x\n\n\n']);
    expect(frames).toEqual([{ id: '', event: 'message', data: '' }]);
  });
});

/** A streamed answer of the given chunks (each pushed as it is). */
function streamed(chunks: string[], init: ResponseInit = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      c.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' }, ...init });
}

function run(open: () => Promise<Response>): Promise<LiveSignal[]> {
  return new Promise((resolve) => {
    const got: LiveSignal[] = [];
    runLiveStream(open, (s) => {
      got.push(s);
      if (s.type === 'STREAM.END' || s.type === 'STREAM.ERROR') resolve(got);
    });
  });
}

describe('a live stream read', () => {
  it('opens, passes on valid status events and pings, skips malformed data, ends on `event: end`', async () => {
    const e = statusEvent('41', 'INT');
    const got = await run(async () =>
      streamed([
        `: ping\n\nid: 41\nevent: status\ndata: ${JSON.stringify(e)}\n\n`,
        'id: 42\nevent: status\ndata: {"not":"an event"}\n\n',
        'event: status\ndata: not json\n\nevent: end\ndata: \n\n',
        `event: status\ndata: ${JSON.stringify(statusEvent('43', 'DLV'))}\n\n`,
      ]),
    );
    expect(got).toEqual([
      { type: 'STREAM.OPENED' },
      { type: 'STREAM.PING' },
      { type: 'STREAM.STATUS', event: e },
      { type: 'STREAM.END' },
    ]);
  });

  it('a body that ends without `event: end` is a dropped stream: a restarting server, to resume from', async () => {
    expect(await run(async () => streamed([': ping\n\n']))).toEqual([
      { type: 'STREAM.OPENED' },
      { type: 'STREAM.PING' },
      { type: 'STREAM.ERROR', error: { status: 0, message: LIVE_TEXT.dropped } },
    ]);
  });

  it('a refusal carries its status and the server’s text; a page that is no stream is refused', async () => {
    const refused = await run(
      async () => new Response('{}', { status: 404, headers: { 'x-error-message': 'Order not found' } }),
    );
    expect(refused).toEqual([{ type: 'STREAM.ERROR', error: { status: 404, message: 'Order not found' } }]);
    const html = await run(async () => new Response('<html>', { headers: { 'content-type': 'text/html' } }));
    expect(html[0]).toMatchObject({ type: 'STREAM.ERROR', error: { status: 406 } });
  });

  it('a failed request or a broken body is a dropped connection (status 0)', async () => {
    expect(await run(() => Promise.reject(new TypeError('fetch failed')))).toEqual([
      { type: 'STREAM.ERROR', error: { status: 0, message: 'The live connection dropped' } },
    ]);
    const broken = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(': ping\n\n'));
        c.error(new Error('reset'));
      },
    });
    const got = await run(async () => new Response(broken, { headers: { 'content-type': 'text/event-stream' } }));
    expect(got.at(-1)).toEqual({ type: 'STREAM.ERROR', error: { status: 0, message: 'The live connection dropped' } });
  });

  it('says nothing once stopped', async () => {
    const got: LiveSignal[] = [];
    let release!: () => void;
    const stop = runLiveStream(
      () => new Promise<Response>((r) => (release = () => r(streamed([': ping\n\n'])))),
      (s) => got.push(s),
    );
    stop();
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(got).toEqual([]);
  });
});
