// Reads a server-event stream as the browser's EventSource would: `id`, `event` and `data`
// lines up to a blank line make one event; comment lines (`: ping`) are counted apart.

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export class SseReader {
  readonly events: SseEvent[] = [];
  pings = 0;
  ended = false;
  /** called as each event arrives (a benchmark's clock) */
  onEvent: ((e: SseEvent) => void) | null = null;
  private waiters: (() => void)[] = [];
  private readonly done: Promise<void>;

  /** a fetch Response's body, or a node:http response (lighter when thousands are open) */
  constructor(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>) {
    this.done = this.read(body);
  }

  private async read(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch {
      // the connection went away (a killed server): the stream is over
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private take(block: string): void {
    const e: SseEvent = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.pings++;
        continue;
      }
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'id') e.id = value;
      else if (field === 'event') e.event = value;
      else if (field === 'data') data.push(value);
    }
    if (!data.length && !e.id && e.event === 'message') return;
    e.data = data.join('\n');
    this.events.push(e);
    this.onEvent?.(e);
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The `status` events' data, parsed. */
  statuses<T = { eventId: string; status: string; remark: string | null }>(): T[] {
    return this.events.filter((e) => e.event === 'status').map((e) => JSON.parse(e.data) as T);
  }

  /** Waits until `ok` holds (checked on each event) or the time is up. */
  async until(ok: (r: SseReader) => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!ok(this)) {
      if (this.ended) throw new Error(`stream ended first; events: ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  async closed(): Promise<void> {
    await this.done;
  }
}
