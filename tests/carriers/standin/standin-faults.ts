// What every protocol stand-in does besides its courier's API: a rate window on its own clock, a
// call left unanswered on cue, a call refused with a remark on cue.

export class StandinFaults {
  private windowStart: number;
  private windowCalls = 0;
  private callsAllowed: number;
  private hang = 0;
  private readonly refusals: string[] = [];

  constructor(
    private readonly window: { calls: number; windowSeconds: number },
    private readonly clock: () => number,
  ) {
    this.windowStart = clock();
    this.callsAllowed = window.calls;
  }

  /** the rest of this rate window's calls are spent: the next call is answered 429 */
  exhaustRateLimit(): void {
    this.callsAllowed = this.windowCalls;
  }

  /** the next API call is never answered */
  hangNext(): void {
    this.hang++;
  }

  /** the next API call is refused with this remark, in the courier's way */
  refuseNext(remark: string): void {
    this.refusals.push(remark);
  }

  /** Whether this call is the one to leave unanswered. */
  takeHang(): boolean {
    if (this.hang === 0) return false;
    this.hang--;
    return true;
  }

  /** Counts the call in its window; the seconds to Retry-After when the window is spent (the call is not counted). */
  retryAfter(): number | null {
    const now = this.clock();
    const windowMs = this.window.windowSeconds * 1000;
    if (now - this.windowStart >= windowMs) {
      this.windowStart = now;
      this.windowCalls = 0;
      this.callsAllowed = this.window.calls;
    }
    if (this.windowCalls >= this.callsAllowed)
      return Math.max(1, Math.ceil((windowMs - (now - this.windowStart)) / 1000));
    this.windowCalls++;
    return null;
  }

  /** The remark to refuse this call with, when one is due. */
  takeRefusal(): string | undefined {
    return this.refusals.shift();
  }
}
