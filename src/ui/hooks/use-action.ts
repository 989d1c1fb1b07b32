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
