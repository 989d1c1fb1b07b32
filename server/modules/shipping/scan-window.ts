import type { CourierScan } from '../../carriers/adapter';

// Couriers' webhooks bring a scan or a few a call. Calls that arrive while a write is under way
// (or in the same turn of the event loop) wait for it and then go together in one batched write,
// so a webhook per scan costs about what a batch does. A lone call waits for nothing. Each caller
// still gets the answer for its own scans; when the shared write fails, each call is written
// alone, so a bad scan fails only the call that brought it.

/** What became of one scan: kept on the timeline (recorded), seen before, or not ours to read. */
export interface ScanOutcome {
  /** ignored: reported by a courier the parcel is not booked with (or no parcel of ours) */
  kind: 'recorded' | 'duplicate' | 'unknown' | 'ignored';
  /** the scan moved its parcel (and maybe its order) along */
  moved: boolean;
}

export interface IngestResult {
  recorded: number;
  duplicates: number;
  unknown: number;
  moved: number;
  ignored: number;
}

/** One batch written in one transaction: each scan's outcome (in the order given), and what follows its commit. */
export interface WrittenScans {
  outcomes: ScanOutcome[];
  afterCommit(): Promise<void>;
}

export type WriteScans = (scans: CourierScan[]) => Promise<WrittenScans>;

export function tally(outcomes: readonly ScanOutcome[]): IngestResult {
  const r: IngestResult = { recorded: 0, duplicates: 0, unknown: 0, moved: 0, ignored: 0 };
  for (const o of outcomes) {
    if (o.kind === 'recorded') r.recorded++;
    else if (o.kind === 'duplicate') r.duplicates++;
    else if (o.kind === 'ignored') r.ignored++;
    else r.unknown++;
    if (o.moved) r.moved++;
  }
  return r;
}

interface Call {
  scans: CourierScan[];
  resolve(result: IngestResult): void;
  reject(error: unknown): void;
}

/** A write that committed, and the calls whose scans it carried (with where each one's outcomes start). */
type Settled = { written: WrittenScans; members: { call: Call; from: number }[] } | { failed: unknown; call: Call };

export class ScanWindow {
  private queue: Call[] = [];
  private writing = false;
  private scheduled = false;

  /** `limit`: at most this many scans in one write (a call is never split) */
  constructor(
    private readonly write: WriteScans,
    private readonly limit: number,
  ) {}

  ingest(scans: CourierScan[]): Promise<IngestResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ scans, resolve, reject });
      this.schedule();
    });
  }

  /** Calls waiting for the next write (for tests and the bench). */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(): void {
    if (this.writing || this.scheduled || !this.queue.length) return;
    this.scheduled = true;
    // the calls of this turn of the event loop (requests read together) join the first
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private take(): Call[] {
    const calls: Call[] = [];
    let n = 0;
    while (this.queue.length && (!calls.length || n + this.queue[0].scans.length <= this.limit)) {
      const call = this.queue.shift()!;
      n += call.scans.length;
      calls.push(call);
    }
    return calls;
  }

  private async flush(): Promise<void> {
    this.writing = true;
    let settled: Settled[];
    try {
      settled = await this.writeTogether(this.take());
    } finally {
      // one transaction at a time; what follows a commit (messages, caches) runs beside the next
      this.writing = false;
      this.schedule();
    }
    for (const s of settled) {
      if ('failed' in s) {
        s.call.reject(s.failed);
        continue;
      }
      try {
        await s.written.afterCommit();
      } catch (error) {
        for (const m of s.members) m.call.reject(error);
        continue;
      }
      for (const m of s.members) m.call.resolve(tally(s.written.outcomes.slice(m.from, m.from + m.call.scans.length)));
    }
  }

  private async writeTogether(calls: Call[]): Promise<Settled[]> {
    const members: { call: Call; from: number }[] = [];
    let from = 0;
    for (const call of calls) {
      members.push({ call, from });
      from += call.scans.length;
    }
    try {
      return [{ written: await this.write(calls.flatMap((c) => c.scans)), members }];
    } catch (error) {
      if (calls.length === 1) return [{ failed: error, call: calls[0] }];
    }
    // the shared transaction rolled back: each call alone, its error its own
    const settled: Settled[] = [];
    for (const call of calls) {
      try {
        settled.push({ written: await this.write(call.scans), members: [{ call, from: 0 }] });
      } catch (error) {
        settled.push({ failed: error, call });
      }
    }
    return settled;
  }
}
