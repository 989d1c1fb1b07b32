import {
  Children,
  createElement,
  isValidElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

// Screens load lazily, each a chunk of its own. A screen that suspends costs more than its
// download: React holds back content revealed behind a Suspense boundary for up to 300 ms after
// that boundary showed its fallback, so a page whose route and screen each suspended once painted
// its first content over half a second after its code had run. A screen whose code is loaded
// before it first renders (preloadScreensIn, which the app awaits for its first page) renders at
// once, never suspending.

/** A component whose code can be loaded ahead of its first render, given the props it will get. */
export interface Preloadable {
  preload(props: object): Promise<unknown>;
}

const preloadableOf = (type: unknown): Preloadable | null =>
  typeof type === 'function' && typeof (type as Partial<Preloadable>).preload === 'function'
    ? (type as unknown as Preloadable)
    : null;

/** A screen, loaded when its route is first shown or when preloaded: each screen is a chunk of its own. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // a failed download is tried again by the next render or preload
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen(props: P) {
    // chosen once per mount: a screen that started behind its boundary stays there, keeping its state
    const [ready] = useState(() => loaded);
    if (ready) return createElement(ready, props);
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Screen, { preload } satisfies Preloadable);
}

/** Loads the code of every preloadable component in `node` (its elements and their children). */
export function preloadScreensIn(node: ReactNode): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  const walk = (children: ReactNode) =>
    Children.forEach(children, (child) => {
      if (!isValidElement<{ children?: ReactNode }>(child)) return;
      const preloadable = preloadableOf(child.type);
      if (preloadable) loads.push(preloadable.preload(child.props));
      walk(child.props.children);
    });
  walk(node);
  return Promise.all(loads);
}
