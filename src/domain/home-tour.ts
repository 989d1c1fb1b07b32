// The guided home tour (spec sections 1, 8 and 9): seven steps in the menu's order, their texts,
// the anchors they highlight (data-tour) and the tour's timing constants.

export interface TourStep {
  /** the data-tour anchor highlighted */
  target: string;
  title: string;
  text: string;
  /** below the mobile breakpoint the anchor lives in the menu drawer */
  inMenu: boolean;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    target: 'tour-get-started',
    title: 'Get started',
    text: 'Two things come before your first shipment: verify your KYC (PAN and Aadhaar) and add a pickup address. This list ticks each step as you do it.',
    inMenu: false,
  },
  {
    target: 'tour-orders',
    title: 'Orders',
    text: 'Create, sync and ship your forward orders, and follow every shipment.',
    inMenu: true,
  },
  {
    target: 'tour-returns',
    title: 'Returns',
    text: 'Start return pickups and follow them back to your warehouse.',
    inMenu: true,
  },
  {
    target: 'tour-setup',
    title: 'Setup',
    text: 'Your pickup address (where couriers collect your parcels), products, packages, couriers and marketplaces.',
    inMenu: true,
  },
  {
    target: 'tour-help',
    title: 'Help',
    text: 'Raise tickets and track their resolution. You can take this tour again from here.',
    inMenu: true,
  },
  {
    target: 'tour-wallet',
    title: 'Wallet',
    text: 'View your balance and load money for shipping charges.',
    inMenu: true,
  },
  {
    target: 'tour-profile',
    title: 'Profile',
    text: 'Edit your personal information.',
    inMenu: true,
  },
];

export const TOUR = {
  steps: TOUR_STEPS.length,
  /** spec section 9 */
  scrollMs: 468,
  focusDelayMs: 300,
  /** how long a step waits for its anchor to appear (a drawer opening, a lazy screen) */
  targetWaitMs: 1500,
} as const;

export const TOUR_TEXT = {
  back: 'Back',
  next: 'Next',
  finish: 'Finish',
  exit: 'Exit',
  close: 'Close the tour',
  confirmStop: 'Are you sure you want to stop the tour?',
  confirmYes: 'Stop the tour',
  confirmNo: 'Continue',
  errorTitle: 'This step is not available',
  errorText: (title: string) =>
    `We could not show “${title}” on this screen. Exit the tour; you can take it again from Help.`,
  replay: 'Take the tour',
} as const;

/** 'Step n of 7' for a step index from 0. */
export function stepLabel(index: number): string {
  return `Step ${index + 1} of ${TOUR.steps}`;
}
