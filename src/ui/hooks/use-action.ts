import { useState } from 'react';
import { invalidate, type InvalidationArea } from '../../services/invalidate';
import { notify } from '../../services/notify';
import { useRequest } from './use-request';

// Row actions of a list (mark primary, enable, delete): one request machine runs the chosen
// call; success shows its message and invalidates the list's area so the list reloads (the list
// passes the same `area` as its refreshOn).

export function useListActions(area: InvalidationArea) {
  const [success, setSuccess] = useState('');
  const request = useRequest((job: () => Promise<unknown>) => job(), {
    onDone: () => {
      if (success) notify({ kind: 'info', message: success });
      invalidate(area);
    },
    onError: (message) => notify({ kind: 'error', message }),
  });
  return {
    area,
    busy: request.running,
    /** reload the list without a call (after a dialog saved) */
    refresh: () => invalidate(area),
    run(job: () => Promise<unknown>, message: string) {
      setSuccess(message);
      request.run(job);
    },
  };
}

/** The row a list's add/edit dialog holds ('new' for an add, null when shut); a save shuts it and reloads the list. */
export function useRowEditing<T>(actions: { refresh: () => void }) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    editing,
    edit: setEditing,
    close: () => setEditing(null),
    saved: () => {
      setEditing(null);
      actions.refresh();
    },
  };
}
