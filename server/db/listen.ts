import pg from 'pg';

// LISTEN on a connection of its own (a pooled one would be handed to other queries). When the
// connection drops (a restart, a failover) it is opened again after a short wait, and the caller
// is told: notifications sent in between are lost, so it catches up from the table.

const RETRY_MS = [200, 500, 1_000, 2_000, 5_000];

export async function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', (e) => {
      if (stopped) return;
      console.error(`[listen] ${channel}: connection lost (${e.message}); reconnecting`);
      retry(c);
    });
    c.on('end', () => {
      if (!stopped && client === c) retry(c);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (e) {
      // a half-open attempt (connected, LISTEN refused) is closed before the next one
      await c.end().catch(() => {});
      throw e;
    }
    client = c;
  };

  const retry = (dead: pg.Client) => {
    if (client !== dead && client !== null) return;
    client = null;
    dead.end().catch(() => {});
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        if (stopped) return;
        connect().then(
          () => {
            attempt = 0;
            onReconnect?.();
          },
          () => {
            attempt++;
            retry(dead);
          },
        );
      },
      RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)],
    );
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
