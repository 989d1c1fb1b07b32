import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyStateMachine,
  type EventObject,
  type Snapshot,
} from 'xstate';
import { TestModel, toDirectedGraph, type DirectedGraphNode, type TestPath } from 'xstate/graph';
import { expect } from 'vitest';

/**
 * Model-based testing for our machines.
 *
 * 1. Paths are generated from the machine itself (xstate/graph), using the events each state
 *    accepts plus the payload variants the test supplies.
 * 2. Each path is replayed against a real running actor: ordinary events are sent; invoked
 *    promise actors are injected so that `xstate.done.actor.<id>` resolves them and
 *    `xstate.error.actor.<id>` rejects them; `xstate.after.<delay>.*` advances a simulated clock.
 *    After every step the running actor must be in the state the model predicted.
 * 3. Coverage is measured over every step of every path: every state node and every transition
 *    of the statechart must be reached.
 */

export interface ModelOptions<TEvent extends EventObject> {
  /** Events with payloads to try, per state or for all states (merged with the machine's own). */
  events: (snapshot: Snapshot<unknown> & { value: unknown; context: unknown }) => TEvent[];
  input?: unknown;
  /** Named promise actors the machine invokes (setup({ actors })) — replaced with controllable ones. */
  promiseActors?: string[];
  /** Named callback/other actors to replace for the replay, e.g. timers driven by the clock. */
  provide?: Parameters<AnyStateMachine['provide']>[0];
  /** Serialises a snapshot for traversal; default: value plus context. */
  serializeState?: (snapshot: any) => string;
  limit?: number;
  /** 'shortest' (default) or 'simple' paths. */
  paths?: 'shortest' | 'simple';
}

/** One machine's model: what tests/machines/models/<name>.model.ts exports as `model`. */
export interface MachineModel {
  name: string;
  machine: AnyStateMachine;
  options: ModelOptions<any>;
  /** Further inputs the machine starts from (a state reached only from one of them): their paths count too. */
  alsoFrom?: unknown[];
}

export interface Coverage {
  states: { reached: string[]; missing: string[] };
  transitions: { reached: string[]; missing: string[] };
}

type AnyEvent = EventObject & Record<string, unknown>;

function allStateIds(node: DirectedGraphNode, out: string[] = []): string[] {
  out.push(node.id);
  for (const child of node.children) allStateIds(child, out);
  return out;
}

function allEdges(node: DirectedGraphNode, out: { source: string; event: string; target: string }[] = []) {
  for (const e of node.edges) out.push({ source: e.source.id, event: e.label.text, target: e.target.id });
  for (const child of node.children) allEdges(child, out);
  return out;
}

/** The state-node ids a snapshot is in (every level), e.g. ['login', 'login.form', 'login.form.idle']. */
function activeIds(machine: AnyStateMachine, snapshot: any): string[] {
  return (snapshot._nodes as { id: string }[] | undefined)?.map((n) => n.id) ?? [machine.id];
}

export function buildModel<TEvent extends EventObject>(machine: AnyStateMachine, opts: ModelOptions<TEvent>) {
  const model = new TestModel(machine as any, {
    input: opts.input,
    events: (snapshot: any) => {
      const own = (snapshot._nodes as { ownEvents: string[] }[]).flatMap((n) => n.ownEvents);
      // only events this state acts on: an ignored event would only add a self-loop vertex
      const supplied = (opts.events(snapshot) as AnyEvent[]).filter((e) => snapshot.can(e));
      const suppliedTypes = new Set(supplied.map((e) => e.type));
      const plain = [...new Set(own)]
        .filter((t) => !suppliedTypes.has(t) && !t.startsWith('xstate.done.state'))
        .map((type) => ({ type }));
      return [...supplied, ...plain] as any;
    },
    // The incoming transition (previous state and event) is part of the vertex key, so shortest
    // paths reach every transition and not only every state.
    serializeState: (s: any, event: any, prev: any) => {
      const key = opts.serializeState ?? ((x: any) => JSON.stringify({ v: x.value, c: x.context, st: x.status }));
      return `${key(s)}|${prev ? key(prev) : ''}|${event?.type ?? ''}`;
    },
    limit: opts.limit ?? 5000,
  });
  const all: TestPath<any, any>[] = opts.paths === 'simple' ? model.getSimplePaths() : model.getShortestPaths();
  return { model, paths: coveringPaths(machine, all), generated: all.length };
}

/**
 * From the generated shortest paths, the shortest ones that together reach every state and
 * transition any of them reaches (greedy cover): the same coverage in far fewer replays.
 */
function coveringPaths(machine: AnyStateMachine, all: TestPath<any, any>[]): TestPath<any, any>[] {
  const itemsOf = (path: TestPath<any, any>) => {
    const cov = coverage(machine, [path]);
    return [...cov.states.reached.map((x) => `s:${x}`), ...cov.transitions.reached.map((x) => `t:${x}`)];
  };
  const sorted = [...all].sort((a, b) => a.steps.length - b.steps.length).map((p) => ({ p, items: itemsOf(p) }));
  const seen = new Set<string>();
  let picked = sorted.filter(({ items }) => {
    if (!items.some((i) => !seen.has(i))) return false;
    items.forEach((i) => seen.add(i));
    return true;
  });
  // then drop, one at a time, any path whose items the remaining ones still cover
  for (let i = 0; i < picked.length;) {
    const others = new Set(picked.flatMap((x, j) => (j === i ? [] : x.items)));
    if (picked[i].items.every((x) => others.has(x))) picked = picked.filter((_, j) => j !== i);
    else i++;
  }
  return picked.map((x) => x.p);
}

/** Coverage of every step of every path against the statechart's nodes and edges. */
export function coverage(machine: AnyStateMachine, paths: TestPath<any, any>[]): Coverage {
  const graph = toDirectedGraph(machine);
  const states = allStateIds(graph);
  const edges = allEdges(graph);
  const reachedStates = new Set<string>();
  const reachedEdges = new Set<string>();
  for (const path of paths) {
    let prev: any = null;
    const first = path.steps[0]?.state;
    if (first) for (const id of activeIds(machine, first)) reachedStates.add(id);
    for (const step of path.steps) {
      const ids = activeIds(machine, step.state);
      for (const id of ids) reachedStates.add(id);
      if (prev) {
        const prevIds = new Set(activeIds(machine, prev));
        for (const e of edges) {
          if (
            e.event === step.event.type &&
            prevIds.has(e.source) &&
            (ids.includes(e.target) || e.source === e.target || isTargetless(e))
          ) {
            reachedEdges.add(edgeKey(e));
          }
          // a transition the machine takes on its own within the step (a compound or parallel
          // state's done event, an eventless one) is reached when its source was active before
          // the step and its target after it
          const automatic = e.event === '' || e.event.startsWith('xstate.done.state.');
          if (automatic && prevIds.has(e.source) && ids.includes(e.target)) reachedEdges.add(edgeKey(e));
        }
      }
      prev = step.state;
    }
  }
  const stateMissing = states.filter((s) => !reachedStates.has(s));
  const edgeKeys = [...new Set(edges.map(edgeKey))];
  return {
    states: { reached: states.filter((s) => reachedStates.has(s)), missing: stateMissing },
    transitions: {
      reached: edgeKeys.filter((k) => reachedEdges.has(k)),
      missing: edgeKeys.filter((k) => !reachedEdges.has(k)),
    },
  };
}

function isTargetless(e: { source: string; target: string }) {
  return e.source === e.target;
}
function edgeKey(e: { source: string; event: string; target: string }) {
  return `${e.source} --${e.event}--> ${e.target}`;
}

export function describePath(path: TestPath<any, any>): string {
  const steps = path.steps
    .slice(1)
    .map((s) => `${s.event.type}${payloadNote(s.event)} → ${JSON.stringify(s.state.value)}`);
  return steps.length ? steps.join('; ') : `start in ${JSON.stringify(path.steps[0]?.state.value ?? path.state.value)}`;
}

function payloadNote(e: AnyEvent): string {
  const rest = Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'type'));
  if (!Object.keys(rest).length) return '';
  const text = JSON.stringify(rest, (_k, v) =>
    typeof v === 'string' && /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(v) ? jwtName(v) : v,
  );
  return ` ${text.length > 80 ? `${text.slice(0, 77)}…` : text}`;
}

function jwtName(token: string): string {
  try {
    return `jwt(sub ${JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sub})`;
  } catch {
    return 'jwt';
  }
}

interface Deferred {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Replays one generated path against a real actor with injected effects, asserting the state
 * after every step. `check` may assert more (context, emitted effects) at each step.
 */
export async function replayPath(
  machine: AnyStateMachine,
  path: TestPath<any, any>,
  opts: ModelOptions<any> & { check?: (actual: any, expected: any) => void },
): Promise<void> {
  const clock = new SimulatedClock();
  const pending = new Map<string, Deferred>();
  const actors: Record<string, unknown> = {};
  for (const name of opts.promiseActors ?? []) {
    actors[name] = fromPromise(
      ({ self }) =>
        new Promise((resolve, reject) => {
          pending.set(self.id, { resolve, reject });
        }),
    );
  }
  const provided = machine.provide({
    ...(opts.provide ?? {}),
    actors: { ...((opts.provide as any)?.actors ?? {}), ...actors },
  } as any);
  const actor = createActor(provided, { input: opts.input, clock });
  actor.start();
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  await settle();
  const steps = path.steps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const e = step.event as AnyEvent;
    if (i > 0 || e.type !== 'xstate.init') {
      if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
        const id = e.type.replace(/^xstate\.(done|error)\.actor\./, '');
        const d = pending.get(id);
        if (!d)
          throw new Error(
            `step ${i}: no pending actor "${id}" to settle (state ${JSON.stringify(actor.getSnapshot().value)})`,
          );
        pending.delete(id);
        if (e.type.startsWith('xstate.done')) d.resolve((e as any).output);
        else d.reject((e as any).error);
        await settle();
        await new Promise((r) => setTimeout(r, 0));
      } else if (e.type.startsWith('xstate.after.')) {
        const delayRef = e.type.split('.')[2];
        const snap = actor.getSnapshot();
        const delays = (provided as any).implementations.delays ?? {};
        const ms = /^\d+$/.test(delayRef)
          ? Number(delayRef)
          : typeof delays[delayRef] === 'function'
            ? delays[delayRef]({ context: snap.context, event: e })
            : delays[delayRef];
        clock.increment(Number(ms));
        await settle();
      } else {
        actor.send(e);
        await settle();
      }
    }
    const actual = actor.getSnapshot();
    expect(actual.value, `after step ${i} (${e.type})`).toEqual(step.state.value);
    // what the model tells states apart by must match too (the whole context by default)
    const key = opts.serializeState ?? ((x: any) => JSON.stringify({ v: x.value, c: x.context, st: x.status }));
    expect(key(actual), `state key after step ${i} (${e.type})`).toBe(key(step.state));
    opts.check?.(actual, step.state);
  }
  actor.stop();
}

/** Prints a one-line coverage summary (the issue asks for it) and fails on anything missing. */
export function assertFullCoverage(name: string, cov: Coverage) {
  const s = cov.states;
  const t = cov.transitions;
  console.log(
    `[model] ${name}: states ${s.reached.length}/${s.reached.length + s.missing.length}, transitions ${t.reached.length}/${t.reached.length + t.missing.length}`,
  );
  expect(s.missing, `${name}: unreached states`).toEqual([]);
  expect(t.missing, `${name}: unreached transitions`).toEqual([]);
}
