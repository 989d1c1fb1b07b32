import { useState } from 'react';

/**
 * A dialog's text fields as the seller types them, until the dialog sends them: the fields by
 * name, and the setter of one field. The machine checks and keeps what is sent, not the typing.
 */
export function useDraft<T extends Record<string, string>>(initial: T) {
  const [draft, setDraft] = useState(initial);
  const setField = (field: keyof T, text: string) => setDraft((d) => ({ ...d, [field]: text }));
  return [draft, setField] as const;
}
