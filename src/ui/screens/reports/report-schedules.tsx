import { formatDateTime } from '../../../domain/format';
import { FREQUENCY_TEXT, SCHEDULE_FREQUENCIES, type ScheduleFrequency } from '../../../domain/reports';
import { API_REPORTS, type ReportScheduleRow, type ReportTypeRow } from '../../../domain/reports-contract';
import { fieldLabel } from '../../../domain/schemas/labels';
import {
  ReportScheduleBody,
  scheduleActiveBody,
  scheduleBody,
  type ScheduleForm,
} from '../../../domain/schemas/report';
import { invalidate, useOnInvalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useForm } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Card, DataTable, Loadable, SelectField, TextField } from '../../kit';
import { ReportFormFields, type ReportChoice } from './report-form-fields';

// Scheduled reports: made daily, weekly or monthly at 07:00 IST, each run's link emailed.
// Add one; pause, resume or delete it.

const CHOICE_FIELDS = ['reportType', 'format', 'status', 'carrierCode', 'paymentMethod'] as const;

export function ReportSchedules({ types, email }: { types: ReportTypeRow[]; email: string }) {
  const form = useForm(ReportScheduleBody, {
    reportType: types[0]?.type ?? 'ORDERS',
    format: 'CSV',
    frequency: 'DAILY',
    email,
  });
  const choice = Object.fromEntries(CHOICE_FIELDS.map((k) => [k, form.values[k]])) as ReportChoice;
  // a new report type drops the filters it does not take
  const setChoice = (next: ReportChoice) => CHOICE_FIELDS.forEach((k) => form.set(k, next[k]));
  const schedule = (): ScheduleForm => ({
    ...choice,
    frequency: form.values.frequency as ScheduleFrequency,
    email: String(form.values.email ?? ''),
    fromDate: '',
    toDate: '',
  });
  const list = useOperation(API_REPORTS.schedules, {}, { load: true });
  useOnInvalidate('reports', () => list.run());
  const changed = (message: string) => {
    notify({ kind: 'info', message });
    invalidate('reports');
  };
  const failed = (message: string) => notify({ kind: 'error', message });
  const add = useOperation(API_REPORTS.createSchedule, (form: ScheduleForm) => ({ body: scheduleBody(form) }), {
    onDone: (s) => changed(`${s.typeLabel} report scheduled: the first is emailed ${formatDateTime(s.nextRunAt!)}`),
    onError: (message) => form.showServerError(message, ['email']),
  });
  const toggle = useOperation(
    API_REPORTS.updateSchedule,
    (s: ReportScheduleRow) => ({ params: { scheduleId: s.scheduleId }, body: scheduleActiveBody(s, !s.active) }),
    {
      onDone: (s) => changed(s.active ? 'Schedule resumed' : 'Schedule paused'),
      onError: failed,
    },
  );
  const remove = useOperation(API_REPORTS.deleteSchedule, (scheduleId: number) => ({ params: { scheduleId } }), {
    onDone: () => changed('Schedule deleted'),
    onError: failed,
  });
  return (
    <Card className="stack" aria-labelledby="schedules-title">
      <h2 id="schedules-title">Scheduled reports</h2>
      <p className="small-print">
        Made at 7:00 am IST with the download link emailed: daily ones cover yesterday, weekly ones last Monday to
        Sunday, monthly ones last month.
      </p>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next = schedule();
          if (form.parse(scheduleBody(next))) add.run(next);
        }}
      >
        <div className="grid-filters">
          <ReportFormFields types={types} value={choice} onChange={setChoice} />
          <SelectField
            label={fieldLabel('frequency')}
            value={String(form.values.frequency)}
            error={form.errors.frequency}
            onChange={(e) => form.set('frequency', e.target.value)}
            options={SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_TEXT[f] }))}
          />
          <TextField label={fieldLabel('email')} type="email" {...form.field('email')} />
        </div>
        {add.failed && form.failure(add.error) && <Alert>{add.error}</Alert>}
        <div className="row">
          <Button type="submit" variant="secondary" busy={add.running}>
            Add schedule
          </Button>
        </div>
      </form>
      <Loadable loading={list.loading && !list.data} error={list.error} onRetry={list.retry}>
        {() => (
          <DataTable
            caption="Scheduled reports"
            rows={list.data ?? []}
            rowKey={(s) => s.scheduleId}
            empty="No scheduled reports yet"
            columns={[
              { header: 'Report', cell: (s) => `${s.typeLabel} (${s.format})` },
              { header: 'Frequency', cell: (s) => FREQUENCY_TEXT[s.frequency] },
              { header: 'Email', cell: (s) => s.email },
              {
                header: 'Next run',
                cell: (s) =>
                  s.active && s.nextRunAt ? formatDateTime(s.nextRunAt) : <Badge tone="warning">Paused</Badge>,
              },
              {
                header: 'Actions',
                cell: (s) => (
                  <div className="row">
                    <Button
                      variant="ghost"
                      disabled={toggle.running}
                      aria-label={`${s.active ? 'Pause' : 'Resume'} the ${s.typeLabel} report to ${s.email}`}
                      onClick={() => toggle.run(s)}
                    >
                      {s.active ? 'Pause' : 'Resume'}
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={remove.running}
                      aria-label={`Delete the ${s.typeLabel} report to ${s.email}`}
                      onClick={() => remove.run(s.scheduleId)}
                    >
                      Delete
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </Loadable>
    </Card>
  );
}
