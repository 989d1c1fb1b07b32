import { useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { FREQUENCY_TEXT, SCHEDULE_FREQUENCIES, type ScheduleFrequency } from '../../../domain/reports';
import { API_REPORTS, type ReportScheduleRow, type ReportTypeRow } from '../../../domain/reports-contract';
import { fieldLabel } from '../../../domain/schemas/labels';
import { scheduleActiveBody, scheduleBody, type ScheduleForm } from '../../../domain/schemas/report';
import { invalidate, useOnInvalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Card, DataTable, Loadable, SelectField, TextField } from '../../kit';
import { ReportFormFields, type ReportChoice } from './report-form-fields';

// Scheduled reports: made daily, weekly or monthly at 07:00 IST, each run's link emailed.
// Add one; pause, resume or delete it.

export function ReportSchedules({ types, email }: { types: ReportTypeRow[]; email: string }) {
  const [choice, setChoice] = useState<ReportChoice>({ reportType: types[0]?.type ?? 'ORDERS', format: 'CSV' });
  const [frequency, setFrequency] = useState<ScheduleFrequency>('DAILY');
  const [to, setTo] = useState(email);
  const list = useOperation(API_REPORTS.schedules, {}, { load: true });
  useOnInvalidate('reports', () => list.run());
  const changed = (message: string) => {
    notify({ kind: 'info', message });
    invalidate('reports');
  };
  const failed = (message: string) => notify({ kind: 'error', message });
  const add = useOperation(API_REPORTS.createSchedule, (form: ScheduleForm) => ({ body: scheduleBody(form) }), {
    onDone: (s) => changed(`${s.typeLabel} report scheduled: the first is emailed ${formatDateTime(s.nextRunAt!)}`),
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
          add.run({ ...choice, frequency, email: to, fromDate: '', toDate: '' });
        }}
      >
        <div className="grid-filters">
          <ReportFormFields types={types} value={choice} onChange={setChoice} />
          <SelectField
            label={fieldLabel('frequency')}
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as ScheduleFrequency)}
            options={SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_TEXT[f] }))}
          />
          <TextField label={fieldLabel('email')} type="email" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        {add.failed && <Alert>{add.error}</Alert>}
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
