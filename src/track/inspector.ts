import type { ActorOptions, AnyActorLogic } from 'xstate';

// The Stately inspector for the buyer's pages: main.tsx sets it in development with ?inspect, and
// every screen hands it to the actor it creates. The buyer's bundle may not import the seller
// app's services, so it keeps its own holder; in a production build the setter is never called
// and the inspector module is not in the bundle.

type Inspect = ActorOptions<AnyActorLogic>['inspect'];

let current: Inspect;

export function setTrackInspect(inspect: Inspect): void {
  current = inspect;
}

/** The inspector to hand to useMachine; undefined outside `?inspect` in development. */
export const trackInspector = (): Inspect => current;
