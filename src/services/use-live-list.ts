import { useEffect, useRef } from 'react';
import { createActor } from 'xstate';
import { LIVE_API, type OrderStatusEvent } from '../domain/live-events-contract';
import { pathOf } from '../domain/operation';
import { liveStreamMachine } from '../machines/live-stream.machine';
import { readOrderStream } from './live-stream-reader';

// A page of orders followed live: one stream for the rows on screen (the live-stream machine's
// reconnects and Last-Event-ID), opened again when the page's orders change.

export function useLiveList(orderIds: readonly number[], onStatus: (e: OrderStatusEvent) => void) {
  const told = useRef(onStatus);
  told.current = onStatus;
  const key = [...orderIds].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return;
    const actor = createActor(
      liveStreamMachine.provide({
        actors: { readStream: readOrderStream },
        actions: {
          received: ({ event }) => {
            if (event.type === 'STREAM.STATUS') told.current(event.event);
          },
        },
      }),
      { input: { url: `${pathOf(LIVE_API.sellerOrders)}?orderIds=${key}` } },
    );
    actor.start();
    return () => {
      actor.stop();
    };
  }, [key]);
}
