import type { Driver, PopoverDOM } from 'driver.js';
import { TOUR, TOUR_STEPS, TOUR_TEXT, stepLabel } from '../domain/home-tour';
import type { TourEvent } from '../machines/tour.machine';
import { setTourDrawer } from './tour-drawer';

// driver.js drawing the tour machine's steps. driver.js and its CSS load on the first step, so
// the seller bundle carries none of it. Keys are ours (Esc closes, arrows move), sent to the
// machine like the buttons; driver.js's own keyboard handling is off so nothing acts twice.

type Send = (event: TourEvent) => void;

let instance: Driver | null = null;
let keyListener: ((e: KeyboardEvent) => void) | null = null;

async function load(): Promise<Driver> {
  if (instance) return instance;
  const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]);
  instance = driver({
    animate: true,
    smoothScroll: false,
    allowKeyboardControl: false,
    overlayClickBehavior: () => {},
    stagePadding: 6,
    popoverClass: 'tour-popover',
  });
  return instance;
}

const isMobile = () => window.matchMedia('(max-width: 767px)').matches;

/** The visible element of an anchor (the header and the drawer may both carry it). */
function visibleAnchor(target: string): HTMLElement | null {
  const all = Array.from(document.querySelectorAll<HTMLElement>(`[data-tour="${target}"]`));
  return all.find((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden') ?? null;
}

async function waitForAnchor(target: string): Promise<HTMLElement | null> {
  const until = Date.now() + TOUR.targetWaitMs;
  for (;;) {
    const el = visibleAnchor(target);
    if (el || Date.now() > until) return el;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Brings the anchor into view: the page scrolls over 468 ms (spec section 9); inside the drawer it jumps. */
function scrollIntoView(el: HTMLElement): Promise<void> {
  if (el.closest('.drawer-content')) {
    el.scrollIntoView({ block: 'nearest' });
    return Promise.resolve();
  }
  const rect = el.getBoundingClientRect();
  const start = window.scrollY;
  const goal = Math.max(0, start + rect.top - Math.max(16, (window.innerHeight - rect.height) / 2));
  if (rect.top >= 0 && rect.bottom <= window.innerHeight) return Promise.resolve();
  return new Promise((resolve) => {
    const t0 = performance.now();
    const frame = (now: number) => {
      const k = Math.min(1, (now - t0) / TOUR.scrollMs);
      const eased = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      window.scrollTo(0, start + (goal - start) * eased);
      if (k < 1) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
}

/** Finds step `index`'s anchor (opening the drawer when it lives there) and scrolls to it; throws when absent or hidden. */
export async function prepareStep(index: number): Promise<void> {
  await load();
  const step = TOUR_STEPS[index];
  setTourDrawer(isMobile() && step.inMenu);
  const el = await waitForAnchor(step.target);
  if (!el) throw new Error(`${step.target} is absent or hidden`);
  await scrollIntoView(el);
}

export function showStep(index: number, send: Send): void {
  const step = TOUR_STEPS[index];
  const last = index === TOUR.steps - 1;
  instance?.highlight({
    element: visibleAnchor(step.target) ?? undefined,
    popover: {
      title: step.title,
      description: step.text,
      showProgress: true,
      progressText: stepLabel(index),
      showButtons: ['previous', 'next', 'close'],
      disableButtons: index === 0 ? ['previous'] : [],
      prevBtnText: TOUR_TEXT.back,
      nextBtnText: last ? TOUR_TEXT.finish : TOUR_TEXT.next,
      onNextClick: () => send({ type: 'NEXT' }),
      onPrevClick: () => send({ type: 'BACK' }),
      onCloseClick: () => send({ type: 'CLOSE' }),
      onPopoverRender: labelPopover,
    },
  });
}

export function showError(index: number, send: Send): void {
  setTourDrawer(false);
  instance?.highlight({
    popover: {
      title: TOUR_TEXT.errorTitle,
      description: TOUR_TEXT.errorText(TOUR_STEPS[index].title),
      showProgress: true,
      progressText: stepLabel(index),
      showButtons: ['next', 'close'],
      nextBtnText: TOUR_TEXT.exit,
      onNextClick: () => send({ type: 'EXIT' }),
      onCloseClick: () => send({ type: 'CLOSE' }),
      onPopoverRender: labelPopover,
    },
  });
}

export function showConfirm(send: Send): void {
  instance?.highlight({
    popover: {
      description: TOUR_TEXT.confirmStop,
      showButtons: ['previous', 'next'],
      prevBtnText: TOUR_TEXT.confirmNo,
      nextBtnText: TOUR_TEXT.confirmYes,
      onNextClick: () => send({ type: 'CONFIRM' }),
      onPrevClick: () => send({ type: 'CANCEL' }),
      onPopoverRender: labelPopover,
    },
  });
}

/** The popover is a labelled dialog, its close icon named. */
function labelPopover(popover: PopoverDOM): void {
  popover.wrapper.setAttribute('role', 'dialog');
  popover.wrapper.setAttribute('aria-label', popover.title.textContent || TOUR_TEXT.confirmStop);
  popover.closeButton.setAttribute('aria-label', TOUR_TEXT.close);
  popover.closeButton.setAttribute('type', 'button');
}

/** Focus on the popover's main button (after the focus delay), so the keyboard carries on from there. */
export function focusPopover(): void {
  document.querySelector<HTMLElement>('.driver-popover-next-btn')?.focus();
}

export function listenKeys(send: Send): void {
  if (keyListener) return;
  keyListener = (e) => {
    const event: TourEvent | null =
      e.key === 'Escape'
        ? { type: 'CLOSE' }
        : e.key === 'ArrowRight'
          ? { type: 'NEXT' }
          : e.key === 'ArrowLeft'
            ? { type: 'BACK' }
            : null;
    if (!event) return;
    e.preventDefault();
    e.stopPropagation();
    send(event);
  };
  document.addEventListener('keydown', keyListener, true);
}

export function teardown(): void {
  if (keyListener) document.removeEventListener('keydown', keyListener, true);
  keyListener = null;
  instance?.destroy();
  setTourDrawer(false);
  // the tour ends where Home starts (its first step may have scrolled down to the checklist)
  window.scrollTo(0, 0);
}
