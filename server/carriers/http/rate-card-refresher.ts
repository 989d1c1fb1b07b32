// A courier account's live rate card (its price call) is slow and scarce — an aggregator's price
// call may allow 50 calls per 5 minutes and take 61 s at p99 — so it is never asked while a seller
// books or quotes. A refresher asks it on a schedule, within the call budget, and keeps the last
// card it got; quoting reads only the kept card.

/** One courier account's prices as the courier last gave them. */
export interface FetchedRateCard<Card> {
  carrierCode: string;
  account: string;
  card: Card;
  fetchedAt: Date;
}

/** Asks a courier for an account's current card (the adapter's price call). */
export interface RateCardSource<Card> {
  fetch(account: string): Promise<Card>;
}

/** Where the kept cards live (memory here; the carriers table's rate card for the product's store). */
export interface RateCardStore<Card> {
  save(card: FetchedRateCard<Card>): Promise<void>;
  latest(carrierCode: string, account: string): Promise<FetchedRateCard<Card> | null>;
}

export class InMemoryRateCardStore<Card> implements RateCardStore<Card> {
  private readonly cards = new Map<string, FetchedRateCard<Card>>();
  async save(card: FetchedRateCard<Card>): Promise<void> {
    this.cards.set(`${card.carrierCode}/${card.account}`, card);
  }
  async latest(carrierCode: string, account: string): Promise<FetchedRateCard<Card> | null> {
    return this.cards.get(`${carrierCode}/${account}`) ?? null;
  }
}

export interface RateCardRefresherOptions<Card> {
  carrierCode: string;
  accounts: readonly string[];
  source: RateCardSource<Card>;
  store: RateCardStore<Card>;
  /** the courier's budget for the price call: at most `calls` per `windowSeconds` */
  budget: { calls: number; windowSeconds: number };
  now?: () => Date;
  onError?: (account: string, e: unknown) => void;
}

export class RateCardRefresher<Card> {
  private readonly calls: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly o: RateCardRefresherOptions<Card>) {}

  /** The kept card, never a call to the courier: what quoting and booking read. */
  current(account: string): Promise<FetchedRateCard<Card> | null> {
    return this.o.store.latest(this.o.carrierCode, account);
  }

  /**
   * Asks the courier for each account's card, as many as the budget allows now (the rest wait for
   * the next run); answers how many were refreshed. One run at a time.
   */
  refresh(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Refreshes every `everySeconds` in the background until stopped (the timer keeps no process alive). */
  start(everySeconds: number): void {
    this.stop();
    this.timer = setInterval(() => void this.refresh(), everySeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async run(): Promise<number> {
    let refreshed = 0;
    for (const account of this.o.accounts) {
      if (!this.spend()) break;
      try {
        const card = await this.o.source.fetch(account);
        await this.o.store.save({ carrierCode: this.o.carrierCode, account, card, fetchedAt: this.now() });
        refreshed++;
      } catch (e) {
        this.o.onError?.(account, e);
      }
    }
    return refreshed;
  }

  /** Takes one call from the budget's sliding window; false when the window's calls are spent. */
  private spend(): boolean {
    const now = this.now().getTime();
    const windowStart = now - this.o.budget.windowSeconds * 1000;
    while (this.calls.length && this.calls[0] <= windowStart) this.calls.shift();
    if (this.calls.length >= this.o.budget.calls) return false;
    this.calls.push(now);
    return true;
  }

  private now(): Date {
    return (this.o.now ?? (() => new Date()))();
  }
}
