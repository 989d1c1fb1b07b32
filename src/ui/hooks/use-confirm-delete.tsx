import { useState } from 'react';
import { ConfirmDialog } from '../kit';
import type { useListActions } from './use-action';

// "Delete this?" for a list row: ask(row) opens the confirmation; confirming runs the delete
// through the list's actions (which reload the list and say it is done).

export function useConfirmDelete<T>(
  actions: ReturnType<typeof useListActions>,
  opts: {
    title: string;
    confirmLabel: string;
    describe: (row: T) => string;
    remove: (row: T) => Promise<unknown>;
    done: string;
  },
) {
  const [row, setRow] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={row !== null}
      title={opts.title}
      message={row !== null ? opts.describe(row) : ''}
      confirmLabel={opts.confirmLabel}
      busy={actions.busy}
      onCancel={() => setRow(null)}
      onConfirm={() => {
        const chosen = row as T;
        setRow(null);
        actions.run(() => opts.remove(chosen), opts.done);
      }}
    />
  );
  return { ask: (r: T) => setRow(r), dialog };
}
