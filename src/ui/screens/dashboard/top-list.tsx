import { countOf } from '../../../domain/format';
import { Card } from '../../kit';

// One of the dashboard's top 5 lists: a name, a detail and a count, with a bar against the first.

export interface TopRow {
  key: string;
  name: string;
  detail?: string;
  value: number;
  unit: string;
}

export function TopList({ title, rows }: { title: string; rows: TopRow[] }) {
  const most = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Card className="stack" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">No results found</p>
      ) : (
        <ol className="top-list">
          {rows.map((r) => (
            <li key={r.key}>
              <span className="top-list-name">
                <strong>{r.name}</strong>
                {r.detail && <span className="muted"> · {r.detail}</span>}
              </span>
              <span className="top-list-value">{countOf(r.value, r.unit)}</span>
              <span className="top-list-bar" aria-hidden="true" style={{ width: `${(r.value / most) * 100}%` }} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
