// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dialog } from '../../src/ui/kit';

// A dialog the screen opens from its own button (no Radix trigger) gives focus back when it closes:
// to that button, or to the main heading when the button has gone (an order shipped leaves its row).

afterEach(cleanup);

function Screen({ keepOpener = true }: { keepOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <main>
      <h1>Orders</h1>
      {!(done && !keepOpener) && <button onClick={() => setOpen(true)}>Ship now</button>}
      <Dialog open={open} onOpenChange={setOpen} title="Ship ORD-1">
        <button
          onClick={() => {
            setDone(true);
            setOpen(false);
          }}
        >
          Book
        </button>
      </Dialog>
    </main>
  );
}

describe('kit Dialog focus', () => {
  it('returns to the button that opened it on Escape', async () => {
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Ship now' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).not.toBe(opener));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('goes to the main heading when the button has left the page', async () => {
    render(<Screen keepOpener={false} />);
    const opener = screen.getByRole('button', { name: 'Ship now' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Orders' })));
  });
});
