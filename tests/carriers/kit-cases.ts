import { expect, it } from 'vitest';

// What the parcel kit (conformance.ts) and the freight kit (freight-conformance.ts) share: the
// controls by which a kit steers an HTTP carrier's stand-in, and the runner of their cases. A case
// runs, or is declared not applicable with its reason and reported as not run, never passed over
// quietly; the kit's last test lists both and checks that every case was one or the other.

/** How a kit steers an HTTP carrier's stand-in; `Req` is the kit's booking request. */
export interface HttpControls<Req> {
  /** the adapter's per-call time limit */
  timeoutMs: number;
  /** how many times the carrier has issued a login token */
  logins(): number;
  /** every token the carrier issued lapses now */
  expireTokens(): void;
  /** the carrier's rate window is spent: its next call is answered 429 with Retry-After */
  exhaustRateLimit(): void;
  /** the carrier never answers its next call */
  hangNext(): void;
  /** the carrier answers its next call with a failure and this remark */
  refuseNext(remark: string): void;
  /** a booking request the carrier refuses with a remark of its own (a field it checks) */
  invalidRequest(base: Req): { request: Req; remark: RegExp };
}

/** What a carrier's file tells a kit about the cases: what it can do, and why a case does not apply. */
export interface KitSetup<Id extends string, Needs extends string> {
  capabilities: Record<Needs, boolean>;
  notApplicable?: Partial<Record<Id, string>>;
}

/**
 * The case runner for one carrier in a kit's describe block: `kitCase` declares a case (run, or
 * skipped with the reason the carrier declared), `listCases` the closing test that reports them
 * under `tag` and fails when a case is neither run nor declared.
 */
export function kitCases<Id extends string, Needs extends string>(
  name: string,
  tag: string,
  all: readonly Id[],
  setup: KitSetup<Id, Needs>,
) {
  const ran: Id[] = [];
  const notRun: { id: Id; reason: string }[] = [];

  const kitCase = (id: Id, title: string, needs: Needs | null, body: () => Promise<void>, timeout?: number) => {
    const missing = needs && !setup.capabilities[needs];
    // a case may also not apply to a carrier that has the capability (no login with a static key)
    const declared = setup.notApplicable?.[id];
    if (!missing && !declared)
      return it(
        title,
        async () => {
          await body();
          ran.push(id);
        },
        timeout,
      );
    if (!declared)
      return it(`${title} — needs a declared reason`, () => {
        throw new Error(`${name} lacks ${needs} but declares no reason why "${id}" does not apply`);
      });
    notRun.push({ id, reason: declared });
    it.skip(`${title} — not applicable: ${declared}`, () => {});
  };

  const listCases = () =>
    it('lists the cases it ran and those that do not apply', () => {
      console.info(
        `[${tag}] ${name}: ran ${ran.length} of ${all.length}: ${ran.join(', ')}` +
          notRun.map((n) => `\n[${tag}] ${name}: not applicable: ${n.id} (${n.reason})`).join(''),
      );
      expect([...ran, ...notRun.map((n) => n.id)].sort()).toEqual([...all].sort());
    });

  return { kitCase, listCases };
}
