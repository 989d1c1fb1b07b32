import type { ActorOptions, AnyActorLogic } from 'xstate';

// The Stately inspector, when the app runs with ?inspect in development: main.tsx sets it once,
// and every flow's binding passes it to the actors it creates, so the inspector sees them all.

export type Inspect = ActorOptions<AnyActorLogic>['inspect'];

let current: Inspect;

export function setInspect(inspect: Inspect): void {
  current = inspect;
}

/** The inspector to hand to createActor/useMachine; undefined outside `?inspect`. */
export const inspector = (): Inspect => current;
