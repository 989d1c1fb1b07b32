import { lazy, Suspense, type ComponentType } from 'react';

/** A screen, loaded when its route is first shown: each screen is a chunk of its own. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Screen(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Screen;
}
