// The recommended-products carousel of the tracking page (spec section 9): it shows 3 products
// and scrolls 3, round and round, with the spec's breakpoints as a carousel applies them (the
// narrowest that holds wins): 1 up to 1199 px, 2 up to 991 px, 1 up to 767 px. It always steps by
// as many as it shows, so at any width every product comes round.

/** The spec's breakpoints, widest first: at or below `maxWidthPx`, `perView` show. */
export const CAROUSEL_BREAKPOINTS = [
  { maxWidthPx: 1199, perView: 1 },
  { maxWidthPx: 991, perView: 2 },
  { maxWidthPx: 767, perView: 1 },
] as const;

/** How many products show (and how many one step moves) at a viewport width. */
export function carouselPerView(widthPx: number): number {
  let perView = 3;
  for (const b of CAROUSEL_BREAKPOINTS) if (widthPx <= b.maxWidthPx) perView = b.perView;
  return perView;
}

/** The first product shown after a step forward (+1) or back (-1), wrapping round. */
export function carouselStep(start: number, perView: number, total: number, direction: 1 | -1): number {
  if (total <= 0) return 0;
  return (((start + direction * perView) % total) + total) % total;
}

/** The positions shown from `start`: never more than there are products, never one twice. */
export function carouselWindow(start: number, perView: number, total: number): number[] {
  return Array.from({ length: Math.min(perView, total) }, (_, i) => (start + i) % total);
}
