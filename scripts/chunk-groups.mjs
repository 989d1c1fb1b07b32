// How the SPA's own modules are grouped into chunks. Left to the bundler, the seller app's first
// page ran 44 scripts, most of them a kilobyte or two (a contract, a client, a helper) split out
// because two screens share them. Over a phone's connection each costs a round trip on one of the
// browser's six connections, which cost more than the bytes. Two groups instead:
// - `seller-core`: what the seller module (the route table and the shell) imports, statically,
//   beyond what the app's entry already runs: one chunk for every seller page;
// - `screens-shared`: our modules two or more seller screens import, beyond those: one chunk.
// The buyer's tracking pages keep their own small chunks: a module they import is in neither group.

const SELLER_MODULE = /[\\/]src[\\/]routes[\\/]seller-routes\.tsx$/;
const OWN = /[\\/]src[\\/]/;
const TRACK = /[\\/]track\.html$/;

const SHARED_MODULE_MAX = Infinity;

/** The modules `from` imports, statically, all the way down. */
function staticClosure(ctx, from) {
  const seen = new Set();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The `codeSplitting.groups` of the build. */
export function chunkGroups() {
  let plan;
  const planOf = (ctx, id) => {
    if (plan) return plan;
    // find the entries and the seller module from any module: walk up its importers
    const all = new Set();
    const stack = [id];
    while (stack.length) {
      const m = stack.pop();
      if (all.has(m)) continue;
      all.add(m);
      const info = ctx.getModuleInfo(m);
      stack.push(...(info?.importers ?? []), ...(info?.dynamicImporters ?? []));
      stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
    }
    const entries = [...all].filter((m) => ctx.getModuleInfo(m)?.isEntry);
    const entryRun = new Set(entries.filter((e) => !TRACK.test(e)).flatMap((e) => [...staticClosure(ctx, e)]));
    const sellerModule = [...all].find((m) => SELLER_MODULE.test(m));
    // the seller module itself stays a chunk of its own: the build's route table finds it by name
    const core = new Set(
      sellerModule ? [...staticClosure(ctx, sellerModule)].filter((m) => m !== sellerModule && !entryRun.has(m)) : [],
    );
    // the seller screens: what the seller module imports dynamically
    const screens = ctx.getModuleInfo(sellerModule)?.dynamicallyImportedIds ?? [];
    const uses = new Map();
    for (const s of screens) for (const m of staticClosure(ctx, s)) if (m !== s) uses.set(m, (uses.get(m) ?? 0) + 1);
    const shared = new Set([...uses].filter(([m, n]) => n >= 3 && !entryRun.has(m) && !core.has(m)).map(([m]) => m));
    // what the buyer's tracking page runs and the seller app runs too: one chunk both load whole
    const trackEntry = entries.find((e) => TRACK.test(e));
    const trackRun = trackEntry ? staticClosure(ctx, trackEntry) : new Set();
    const common = new Set(
      [...trackRun].filter((m) => OWN.test(m) && !entryRun.has(m) && (core.has(m) || uses.has(m))),
    );
    for (const m of trackRun) {
      core.delete(m);
      shared.delete(m);
    }
    plan = { core, shared, common };
    return plan;
  };
  const group = (name, maxModuleSize = Infinity) => ({
    // only the modules named: their packages and the entry's modules stay where they were
    includeDependenciesRecursively: false,
    maxModuleSize,
    name: (id, ctx) => (OWN.test(id) && planOf(ctx, id)[name.key].has(id) ? name.chunk : null),
  });
  return [
    group({ key: 'common', chunk: 'app-common' }),
    group({ key: 'core', chunk: 'seller-core' }),
    // a module bigger than this costs more in bytes to pages that do not use it than its request
    group({ key: 'shared', chunk: 'screens-shared' }, SHARED_MODULE_MAX),
  ];
}
