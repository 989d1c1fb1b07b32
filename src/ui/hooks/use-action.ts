import { useState } from 'react';
import { notify } from '../../services/notify';
import { useRequest } from './use-request';

// Row actions of a list (mark primary, enable, delete): one request machine runs the chosen
// call; success shows its message and bumps `version` so the list reloads.

export function useListActions() {
  const [version, setVersion] = useState(0);
  const [success, setSuccess] = useState('');
  const request = useRequest((job: () => Promise<unknown>) => job(), {
    onDone: () => {
      if (success) notify({ kind: 'info', message: success });
      setVersion((n) => n + 1);
    },
    onError: (message) => notify({ kind: 'error', message }),
  });
  return {
    version,
    busy: request.running,
    /** reload the list without a call (after a dialog saved) */
    refresh: () => setVersion((n) => n + 1),
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
