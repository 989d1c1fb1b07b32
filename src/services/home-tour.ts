import { createActor, fromPromise } from 'xstate';
import { API_ACCOUNT } from '../domain/account-contract';
import { tourMachine, type TourEvent } from '../machines/tour.machine';
import { callOutlivingPage } from './call';
import { http } from './http';
import { inspector } from './inspector';
import * as drawing from './tour-driver';

// The home tour's one actor for the page's life, bound to driver.js (src/services/tour-driver.ts)
// and to the server, which remembers per login that the tour was seen. The home screen starts it
// on a login's first visit; Help's "Take the tour" starts it again.

let actor: ReturnType<typeof createTour> | null = null;
/** the first-visit start happens once per page load, whatever the cached account still says */
let offeredThisLoad = false;

function createTour() {
  const send = (e: TourEvent) => tour.send(e);
  const tour = createActor(
    tourMachine.provide({
      actors: {
        prepareStep: fromPromise(({ input }: { input: { index: number } }) => drawing.prepareStep(input.index)),
      },
      actions: {
        showStep: (_, p) => {
          drawing.listenKeys(send);
          drawing.showStep(p.index, send);
        },
        showError: (_, p) => {
          drawing.listenKeys(send);
          drawing.showError(p.index, send);
        },
        showConfirm: () => drawing.showConfirm(send),
        focusPopover: () => drawing.focusPopover(),
        teardown: () => drawing.teardown(),
        // sent to outlive the page: a seller who finishes and at once reloads or follows a link
        // is not shown it again; failing to record it only means it may be offered once more
        markSeen: () => void callOutlivingPage(http, API_ACCOUNT.homeTourSeen).catch(() => undefined),
      },
    }),
    { input: { confirmStop: false }, inspect: inspector() },
  );
  return tour.start();
}

function tourActor() {
  actor ??= createTour();
  return actor;
}

/** Starts the tour (Help's "Take the tour"). */
export function startTour(): void {
  offeredThisLoad = true;
  tourActor().send({ type: 'START' });
}

/** The first visit's start: only when the login has not seen it and it was not offered on this page load. */
export function offerTour(seen: boolean): void {
  if (seen || offeredThisLoad) return;
  startTour();
}
