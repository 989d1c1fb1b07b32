import { Link } from 'react-router-dom';
import { RETURN_WINDOW_MAX_DAYS } from '../../../domain/returns';
import type { ReturnSettings } from '../../../domain/returns-contract';
import { ReturnSettingsBody } from '../../../domain/schemas/returns';
import { notify } from '../../../services/notify';
import { useReturnCalls } from '../../../services/use-return-page';
import { useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Alert, Button, Card, Checkbox, Loadable, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /returns/settings: how many days after delivery a buyer may ask for a return from the tracking
// page (0: buyers cannot), and whether their requests are approved without waiting.

function SettingsForm({ initial }: { initial: ReturnSettings }) {
  const calls = useReturnCalls();
  const form = useForm(ReturnSettingsBody, {
    returnWindowDays: String(initial.returnWindowDays),
    autoApprove: initial.autoApprove,
  });
  const save = useRequest(calls.saveSettings, {
    onDone: () => notify({ kind: 'info', message: 'Return settings saved' }),
    onError: (message) => form.showServerError(message, ['returnWindowDays']),
  });
  return (
    <Card>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.parse({
            returnWindowDays: Number(form.values.returnWindowDays),
            autoApprove: form.values.autoApprove,
            defaultReturnTo: initial.defaultReturnTo,
          });
          if (body) save.run(body);
        }}
      >
        <TextField
          label="Return window (days after delivery)"
          hint={`0 to ${RETURN_WINDOW_MAX_DAYS}; 0 means buyers cannot ask for a return`}
          inputMode="numeric"
          {...form.field('returnWindowDays')}
        />
        <Checkbox
          label="Approve buyers’ requests at once (no waiting for me)"
          checked={form.values.autoApprove === true}
          onChange={(e) => form.set('autoApprove', e.target.checked)}
        />
        {form.failure(save.error) && <Alert>{form.failure(save.error)}</Alert>}
        <div>
          <Button type="submit" busy={save.running}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function ReturnSettingsScreen() {
  const calls = useReturnCalls();
  const settings = useRequest(calls.fetchSettings, { load: true });
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <p className="small-print">
            <Link to="/returns">Returns</Link> / Settings
          </p>
          <h1>Return settings</h1>
          <p>Buyers ask for a return from their tracking page; you decide, or let a rule decide.</p>
        </header>
        <Loadable loading={settings.loading} error={settings.error} onRetry={settings.retry}>
          {() => settings.data && <SettingsForm initial={settings.data} />}
        </Loadable>
      </div>
    </SellerShell>
  );
}
