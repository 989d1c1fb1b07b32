// A courier's short-lived login token (Ekart's 24 h bearer token, Xpressbees' ~23 h one, Blue Dart's
// JWT): logged in once, kept until shortly before it expires, shared by concurrent calls (one
// login at a time), and dropped when the courier answers 401 so the next call logs in again.

export interface IssuedToken {
  token: string;
  /** how long the courier says it lasts; absent = until the courier refuses it */
  expiresInSeconds?: number;
}

/** Renew this long before the stated expiry, so a call never leaves with a token about to lapse. */
const EARLY_RENEWAL_MS = 60_000;

export class TokenSession {
  private current: { token: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  private logins = 0;

  constructor(
    private readonly login: () => Promise<IssuedToken>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A token good for the next call: the cached one, or a fresh login. */
  async token(): Promise<string> {
    if (this.current && this.now().getTime() < this.current.expiresAt) return this.current.token;
    this.pending ??= this.renew().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** The courier refused this token (401): the next call logs in again, unless another already has. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = null;
  }

  /** How many times it has logged in (for the conformance kit and the staff page's counters). */
  get loginCount(): number {
    return this.logins;
  }

  private async renew(): Promise<string> {
    const issued = await this.login();
    this.logins++;
    const lifeMs =
      issued.expiresInSeconds === undefined
        ? Number.POSITIVE_INFINITY
        : issued.expiresInSeconds * 1000 - EARLY_RENEWAL_MS;
    this.current = { token: issued.token, expiresAt: this.now().getTime() + Math.max(0, lifeMs) };
    return issued.token;
  }
}
