// The recommended-products carousel of the tracking page (spec section 9): it shows 3 products
// and scrolls 3, round and round; 2 at widths up to 991 px, 1 up to 767 px. It always steps by as
// many as it shows, so at any width every product comes round.

/** How many products show (and how many one step moves) at a viewport width. */
export function carouselPerView(widthPx: number): number {
  if (widthPx <= 767) return 1;
  if (widthPx <= 991) return 2;
  return 3;
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
