// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen, preloadScreensIn } from '../../src/routes/lazy-screen';

// A lazily loaded screen whose code was loaded before its first render renders in that render,
// never suspending (React holds content back behind a boundary that showed its fallback); one
// that was not suspends once and renders when its code arrives; a failed download is tried again.

afterEach(cleanup);

const later = () => {
  let resolve: (v: () => ReactNode) => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const promise = new Promise<() => ReactNode>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

function Guard({ children }: { children: ReactNode }) {
  return <div data-testid="guard">{children}</div>;
}

describe('lazyScreen', () => {
  it('renders a preloaded screen in its first render, loading its code once', async () => {
    const load = vi.fn(async () => () => <h1>Orders</h1>);
    const Orders = lazyScreen(load);
    await Orders.preload();
    await Orders.preload();
    // no act(): the first, synchronous render already holds the screen
    render(<Orders />);
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends a screen not loaded yet and shows it when its code arrives', async () => {
    const code = later();
    const Wallet = lazyScreen(() => code.promise);
    render(<Wallet />);
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => code.resolve(() => <h1>Wallet</h1>));
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeTruthy();
  });

  it('loads again after a failed download', async () => {
    const first = later();
    const load = vi
      .fn<() => Promise<() => ReactNode>>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce(() => <h1>NDR</h1>);
    const Ndr = lazyScreen(load);
    const failed = Ndr.preload();
    first.reject(new Error('chunk failed'));
    await expect(failed).rejects.toThrow('chunk failed');
    await Ndr.preload();
    render(<Ndr />);
    expect(screen.getByRole('heading', { name: 'NDR' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadScreensIn', () => {
  it('loads every lazy screen in a route’s element, through its guards, with the props it will get', async () => {
    const inner = vi.fn(async () => () => <p>inner</p>);
    const Inner = lazyScreen(inner);
    const Route = Object.assign(({ path }: { path: string }) => <p>{path}</p>, {
      preload: vi.fn(async (_props: object) => undefined),
    });
    await preloadScreensIn(
      <Guard>
        <>
          <Inner />
          <Route path="/orders/:orderId" />
        </>
        plain text
      </Guard>,
    );
    expect(inner).toHaveBeenCalledTimes(1);
    expect(Route.preload).toHaveBeenCalledWith({ path: '/orders/:orderId' });
    // and nothing when there is nothing to load
    await expect(preloadScreensIn(<Guard>text</Guard>)).resolves.toEqual([]);
  });
});
