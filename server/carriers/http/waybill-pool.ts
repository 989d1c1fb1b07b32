// Couriers that hand out AWBs in batches (Delhivery's bulk waybill call gives up to 10,000; its
// MPS bookings must carry pre-fetched waybills) are asked ahead of time: each courier account keeps
// a pool of unused AWBs, a booking takes one (each AWB to one booking only, however many book at
// once), and a pool below its low-water mark is refilled in the background, off the booking path.
// Only an empty pool makes a booking wait for a batch.

/** Where a courier's unused AWBs are kept. In memory here; a table (one row an AWB, taken with
 * `DELETE … WHERE awb = (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING awb`) keeps them
 * across restarts and app instances behind the same interface. */
export interface WaybillStore {
  add(carrierCode: string, awbs: readonly string[]): Promise<void>;
  /** one unused AWB, removed from the store in the same step; null when there is none */
  take(carrierCode: string): Promise<string | null>;
  size(carrierCode: string): Promise<number>;
}

export class InMemoryWaybillStore implements WaybillStore {
  private readonly pools = new Map<string, string[]>();

  async add(carrierCode: string, awbs: readonly string[]): Promise<void> {
    const pool = this.pools.get(carrierCode) ?? [];
    const known = new Set(pool);
    pool.push(...awbs.filter((a) => !known.has(a)));
    this.pools.set(carrierCode, pool);
  }

  // one synchronous step between awaits: two takers never get the same AWB
  async take(carrierCode: string): Promise<string | null> {
    return this.pools.get(carrierCode)?.shift() ?? null;
  }

  async size(carrierCode: string): Promise<number> {
    return this.pools.get(carrierCode)?.length ?? 0;
  }
}

export interface WaybillPoolOptions {
  carrierCode: string;
  store: WaybillStore;
  /** asks the courier for a batch of new AWBs (the adapter's bulk waybill call) */
  fetchBatch: (count: number) => Promise<string[]>;
  batchSize: number;
  /** below this many unused AWBs, a refill starts in the background */
  lowWater: number;
  /** a background refill's failure (the courier down); the next take tries again */
  onRefillError?: (e: unknown) => void;
}

/** a taker waits for at most this many batches before its booking fails */
const MAX_BATCHES_WAITED = 5;

export class WaybillPool {
  private refilling: Promise<void> | null = null;

  constructor(private readonly o: WaybillPoolOptions) {}

  /**
   * One AWB for a booking: from the pool at once, or after a batch when the pool ran dry (takers
   * waiting together share each batch; those a batch did not reach wait for the next).
   */
  async take(): Promise<string> {
    for (let batch = 0; batch <= MAX_BATCHES_WAITED; batch++) {
      const awb = await this.o.store.take(this.o.carrierCode);
      if (awb) {
        void this.topUp();
        return awb;
      }
      if (batch < MAX_BATCHES_WAITED) await this.refill();
    }
    throw new Error(`${this.o.carrierCode} gave too few waybills for the bookings waiting`);
  }

  /** Fills the pool now (at start-up, or from a schedule) when it is below its low-water mark. */
  async topUp(): Promise<void> {
    if ((await this.o.store.size(this.o.carrierCode)) >= this.o.lowWater) return;
    await this.refill().catch((e: unknown) => this.o.onRefillError?.(e));
  }

  /** The refill under way, or a new one: one batch call at a time per pool. */
  private refill(): Promise<void> {
    this.refilling ??= this.o
      .fetchBatch(this.o.batchSize)
      .then((awbs) => this.o.store.add(this.o.carrierCode, awbs))
      .finally(() => {
        this.refilling = null;
      });
    return this.refilling;
  }
}
