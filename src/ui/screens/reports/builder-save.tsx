import {
  CUSTOM_FREQUENCIES,
  WEEKDAY_TEXT,
  scheduleText,
  type CustomFrequency,
  type ReportScheduleSpec,
} from '../../../domain/custom-reports';
import type { RecipientRow } from '../../../domain/custom-reports-contract';
import { Button, Checkbox, SelectField, TextField } from '../../kit';

// Saving the report under a name, and its schedule: how often, at which IST hour, in which format,
// to which team members (the server sends only to the account's own logins).

const FREQUENCY_TEXT: Record<CustomFrequency, string> = {
  DAILY: 'Every day',
  WEEKLY: 'Every week',
  MONTHLY: 'Every month',
};
const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00 IST`,
}));

export function BuilderSave({
  name,
  schedule,
  recipients,
  defaultRecipient,
  busy,
  editing,
  onName,
  onSchedule,
  onSave,
}: {
  name: string;
  schedule: ReportScheduleSpec | null;
  recipients: RecipientRow[];
  defaultRecipient: string;
  busy: boolean;
  editing: boolean;
  onName: (name: string) => void;
  onSchedule: (s: ReportScheduleSpec | null) => void;
  onSave: () => void;
}) {
  const set = (change: Partial<ReportScheduleSpec>) => schedule && onSchedule({ ...schedule, ...change });
  return (
    <section className="card stack" aria-labelledby="builder-save">
      <h2 id="builder-save" className="card-title">
        Save and schedule
      </h2>
      <TextField label="Report name" value={name} maxLength={60} onChange={(e) => onName(e.target.value)} />
      <Checkbox
        label="Email this report on a schedule"
        checked={schedule !== null}
        onChange={(e) =>
          onSchedule(
            e.target.checked
              ? {
                  frequency: 'WEEKLY',
                  hourIst: 9,
                  weekday: 1,
                  monthDay: 1,
                  format: 'XLSX',
                  recipients: defaultRecipient ? [defaultRecipient] : [],
                  active: true,
                }
              : null,
          )
        }
      />
      {schedule && (
        <div className="stack">
          <div className="grid-filters">
            <SelectField
              label="How often"
              value={schedule.frequency}
              options={CUSTOM_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_TEXT[f] }))}
              onChange={(e) => set({ frequency: e.target.value as CustomFrequency })}
            />
            {schedule.frequency === 'WEEKLY' && (
              <SelectField
                label="Day of the week"
                value={String(schedule.weekday)}
                options={WEEKDAY_TEXT.map((d, i) => ({ value: String(i + 1), label: d }))}
                onChange={(e) => set({ weekday: Number(e.target.value) })}
              />
            )}
            {schedule.frequency === 'MONTHLY' && (
              <SelectField
                label="Day of the month"
                value={String(schedule.monthDay)}
                options={Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
                onChange={(e) => set({ monthDay: Number(e.target.value) })}
              />
            )}
            <SelectField
              label="At"
              value={String(schedule.hourIst)}
              options={HOURS}
              onChange={(e) => set({ hourIst: Number(e.target.value) })}
            />
            <SelectField
              label="File"
              value={schedule.format}
              options={[
                { value: 'XLSX', label: 'Excel' },
                { value: 'CSV', label: 'CSV' },
              ]}
              onChange={(e) => set({ format: e.target.value as 'XLSX' | 'CSV' })}
            />
          </div>
          <fieldset className="stack">
            <legend>Send to</legend>
            {recipients.map((r) => (
              <Checkbox
                key={r.email}
                label={`${r.name} (${r.email})`}
                checked={schedule.recipients.includes(r.email)}
                onChange={(e) =>
                  set({
                    recipients: e.target.checked
                      ? [...schedule.recipients, r.email]
                      : schedule.recipients.filter((x) => x !== r.email),
                  })
                }
              />
            ))}
          </fieldset>
          <Checkbox
            label="Active (untick to pause)"
            checked={schedule.active}
            onChange={(e) => set({ active: e.target.checked })}
          />
          <p className="small-print">
            {scheduleText(schedule)}: the file is emailed as a download link that works for 7 days.
          </p>
        </div>
      )}
      <div>
        <Button busy={busy} onClick={onSave}>
          {editing ? 'Save changes' : 'Save report'}
        </Button>
      </div>
    </section>
  );
}
