import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OrderRow } from '../../../domain/orders-contract';
import { listKeyEvent, LIST_KEYS } from '../../../machines/list-keys.machine';
import { invalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useListKeys } from '../../../services/use-list-keys';
import { useLiveList } from '../../../services/use-live-list';
import { Button, Dialog } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { ShipDialog } from '../shipping/ship-dialog';
import { OrdersWorkspace } from './orders-screen';
import { SavedViewsBar } from './saved-views-bar';

// /orders_v2, where the beta guard sends accounts with early access (spec section 6): the same
// orders list and actions as /orders, with saved views, keyboard shortcuts, rows that follow
// their orders live, and shipping a row from the list. docs/decisions/orders.md.

/** Keys typed into a field, or with a dialog open, are the field's or the dialog's. */
function keyIsTheListsOwn(e: KeyboardEvent): boolean {
  if (e.metaKey || e.ctrlKey || e.altKey || e.defaultPrevented) return false;
  const t = e.target as HTMLElement | null;
  if (t?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return false;
  // Enter on a link or button is that control's
  if (e.key === 'Enter' && t?.closest('a, button')) return false;
  return !document.querySelector('[role="dialog"]');
}

export function OrdersV2Screen() {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [rows, setRows] = useState<OrderRow[]>([]);
  const [shipping, setShipping] = useState<OrderRow | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const [keys, send] = useListKeys({
    open: (index) => {
      const row = rowsRef.current[index];
      if (row) navigate(`/orders/${row.orderId}`);
    },
    pick: (index) => {
      const row = rowsRef.current[index];
      if (!row) return;
      const next = new Set(selectedRef.current);
      if (next.has(row.orderId)) next.delete(row.orderId);
      else next.add(row.orderId);
      setSelected(next);
    },
    ship: (index) => {
      const row = rowsRef.current[index];
      if (row?.status === 'RTS') setShipping(row);
    },
    focusSearch: () => document.querySelector<HTMLInputElement>('form[role="search"] input')?.focus(),
  });
  useEffect(() => {
    send({ type: 'ROWS', count: rows.length });
  }, [rows.length, send]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!keyIsTheListsOwn(e)) return;
      const event = listKeyEvent(e.key);
      if (!event) return;
      e.preventDefault();
      send(event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [send]);
  const cursor = keys.context.cursor;
  useEffect(() => {
    if (cursor >= 0) document.querySelector('tr.row-cursor')?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor]);
  // a row's order moved: the list and the tab counts read again, and a screen reader hears it
  useLiveList(
    rows.map((r) => r.orderId),
    (e) => {
      notify({ kind: 'info', message: `${e.orderNumber} is now ${e.statusText}` });
      invalidate('orders');
    },
  );
  const shipColumn = {
    header: 'Ship',
    cell: (r: OrderRow) =>
      r.status === 'RTS' ? (
        <Button
          variant="secondary"
          className="btn-small"
          onClick={() => setShipping(r)}
          aria-label={`Ship ${r.orderNumber}`}
        >
          Ship
        </Button>
      ) : (
        <span className="muted">—</span>
      ),
  };
  return (
    <SellerShell>
      <OrdersWorkspace
        lead="The new orders page: saved views, keyboard shortcuts, live status and shipping from the list."
        selected={selected}
        onSelect={setSelected}
        extras={{
          above: (
            <>
              <SavedViewsBar />
              <p className="small-print m-0">
                Keyboard: j and k move, Enter opens, x selects, s ships, / searches.{' '}
                <Button variant="ghost" className="btn-small" onClick={() => send({ type: 'HELP' })}>
                  Keyboard shortcuts
                </Button>
              </p>
            </>
          ),
          columns: [shipColumn],
          onRows: setRows,
          rowProps: (_row, i) => (i === cursor ? { className: 'row-cursor', 'aria-current': 'true' as const } : {}),
        }}
      />
      <Dialog
        open={keys.matches('help')}
        onOpenChange={(open) => !open && send({ type: 'CLOSE' })}
        title="Keyboard shortcuts"
        description="On the orders list, when no field or dialog has the keyboard."
      >
        <dl className="shortcut-list">
          {LIST_KEYS.map((k) => (
            <div key={k.does} className="row">
              <dt>
                {k.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' or '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </dt>
              <dd className="m-0">{k.does}</dd>
            </div>
          ))}
        </dl>
        <div className="row dialog-actions">
          <Button variant="secondary" onClick={() => send({ type: 'CLOSE' })}>
            Close
          </Button>
        </div>
      </Dialog>
      {shipping && (
        <ShipDialog
          orderId={shipping.orderId}
          orderNumber={shipping.orderNumber}
          risk={shipping.risk}
          onClose={() => setShipping(null)}
          onShipped={() => {
            setShipping(null);
            invalidate('orders', 'wallet');
          }}
        />
      )}
    </SellerShell>
  );
}
