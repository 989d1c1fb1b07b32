// How the SPA's own modules are grouped into chunks. Left to the bundler, the seller app's first
// page ran 44 scripts, most of them a kilobyte or two (a contract, a client, a helper) split out
// because two screens share them. Over a phone's connection each costs a round trip on one of the
// browser's six connections, which cost more than the bytes. Groups instead:
// - `runtime`: what the app's entry runs and the tracking pages load too (React, the machines'
//   runtime, the schemas' library, the words both use): one chunk where the bundler made two (one
//   of them React's JSX helpers, 3 KB). The bundler then keeps its own helpers (module interop,
//   under 1 KB) in a chunk of theirs: no group is asked of them;
// - `seller-core`: the seller module (the route table and the shell) and the landing screen (/home,
//   where every login arrives), with what they import, statically, beyond what the app's entry
//   already runs: one chunk for every seller page, where the route table and the landing screen
//   were two more of a few kilobytes each, and the landing page loads no shared screens' chunk;
// - `screens-shared`: our modules that SHARED_BY or more seller screens of two areas or more
//   import, beyond those;
// - `screens-<area>`: what SHARED_BY or more screens of one area alone import (the B2B screens'
//   contract and forms): the pages of other areas do not load it with the shared chunk;
// - `app-common`: our modules the buyer's tracking page runs and the seller app uses too, which
//   the tracking page loads whole (it runs all of them), so it gains no bytes.
// Packages and the entry's own modules stay where the bundler puts them.

const SELLER_MODULE = /[\\/]src[\\/]routes[\\/]seller-routes\.tsx$/;
const LANDING_SCREEN = /[\\/]src[\\/]ui[\\/]screens[\\/]home[\\/]home-screen\.tsx$/;
const OWN = /[\\/]src[\\/]/;
const SCREEN_AREA = /[\\/]src[\\/]ui[\\/]screens[\\/]([^\\/]+)[\\/]/;
const TRACK = /[\\/]track\.html$/;
/** Shared by 2 put 20 KB more on every page; by 4 left a page 13 to 28 scripts for the same bytes. */
const SHARED_BY = 3;

/** Every module reached from `from` through `next` (the ids a module leads to). */
function reach(ctx, from, next) {
  const seen = new Set();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (info) stack.push(...next(info));
  }
  return seen;
}

/** The modules `from` imports, statically, all the way down. */
const staticClosure = (ctx, from) => reach(ctx, from, (info) => info.importedIds);

/** The `codeSplitting.groups` of the build. */
export function chunkGroups() {
  let plan;
  const planOf = (ctx, id) => {
    if (plan) return plan;
    // the whole graph, from any module: up its importers and down its imports
    const all = reach(ctx, id, (info) => [
      ...info.importers,
      ...info.dynamicImporters,
      ...info.importedIds,
      ...info.dynamicallyImportedIds,
    ]);
    const entries = [...all].filter((m) => ctx.getModuleInfo(m)?.isEntry);
    const entryRun = new Set(entries.filter((e) => !TRACK.test(e)).flatMap((e) => [...staticClosure(ctx, e)]));
    const sellerModule = [...all].find((m) => SELLER_MODULE.test(m));
    const landing = [...all].find((m) => LANDING_SCREEN.test(m));
    const core = new Set(
      [sellerModule, landing]
        .filter(Boolean)
        .flatMap((from) => [...staticClosure(ctx, from)])
        .filter((m) => !entryRun.has(m)),
    );
    // the seller screens: what the seller module imports dynamically
    const screens = ctx.getModuleInfo(sellerModule)?.dynamicallyImportedIds ?? [];
    const uses = new Map();
    // the areas (src/ui/screens/<area>/) of the screens that use a module
    const areasUsing = new Map();
    for (const s of screens) {
      const area = SCREEN_AREA.exec(s)?.[1] ?? '';
      for (const m of staticClosure(ctx, s)) {
        if (m === s) continue;
        uses.set(m, (uses.get(m) ?? 0) + 1);
        areasUsing.set(m, (areasUsing.get(m) ?? new Set()).add(area));
      }
    }
    const shared = new Set(
      [...uses].filter(([m, n]) => n >= SHARED_BY && !entryRun.has(m) && !core.has(m)).map(([m]) => m),
    );
    // what the screens of one area alone share (the B2B contract among the B2B screens) goes in that
    // area's chunk: every other page would load it for nothing from the shared one
    const areaOf = new Map();
    for (const m of shared) {
      const areas = areasUsing.get(m);
      if (areas?.size === 1 && [...areas][0]) {
        areaOf.set(m, [...areas][0]);
        shared.delete(m);
      }
    }
    const trackEntry = entries.find((e) => TRACK.test(e));
    const trackRun = trackEntry ? staticClosure(ctx, trackEntry) : new Set();
    const common = new Set(
      [...trackRun].filter((m) => OWN.test(m) && !entryRun.has(m) && (core.has(m) || uses.has(m))),
    );
    // nothing the tracking page may load later (its return request, the NDR and COD answer pages)
    // goes into a seller group: a seller chunk imports from the app's entry, and the entry run on
    // a buyer's page would start the seller app there
    const trackAll = trackEntry
      ? reach(ctx, trackEntry, (info) => [...info.importedIds, ...info.dynamicallyImportedIds])
      : new Set();
    // what the seller app uses of the tracking pages' later loads goes into one chunk of its own
    // instead of one chunk per module (a dozen scripts of a kilobyte on every seller page): it
    // imports nothing of the seller app, and the tracking page's first load does not take it
    const later = new Set(
      [...trackAll].filter(
        (m) => OWN.test(m) && !trackRun.has(m) && !entryRun.has(m) && (core.has(m) || (uses.get(m) ?? 0) >= SHARED_BY),
      ),
    );
    for (const m of trackAll) {
      core.delete(m);
      shared.delete(m);
      areaOf.delete(m);
    }
    // what the app's entry runs and the tracking pages load too (React, the machines' runtime, the
    // schemas' library, the words and rules both use): one chunk
    const runtime = new Set([...entryRun].filter((m) => trackAll.has(m) && !TRACK.test(m)));
    plan = { core, shared, common, later, runtime, areaOf };
    return plan;
  };
  const group = (key, chunk, own = true) => ({
    // only the modules named: their packages and the entry's modules stay where they were
    includeDependenciesRecursively: false,
    // the bundler's timing report names a group by this when its name is a function
    debugName: chunk,
    name: (id, ctx) => ((!own || OWN.test(id)) && planOf(ctx, id)[key].has(id) ? chunk : null),
  });
  return [
    group('runtime', 'runtime', false),
    group('common', 'app-common'),
    group('later', 'app-later'),
    group('core', 'seller-core'),
    group('shared', 'screens-shared'),
    {
      includeDependenciesRecursively: false,
      debugName: 'screens-<area>',
      name: (id, ctx) => {
        const area = OWN.test(id) ? planOf(ctx, id).areaOf.get(id) : undefined;
        return area ? `screens-${area}` : null;
      },
    },
  ];
}
