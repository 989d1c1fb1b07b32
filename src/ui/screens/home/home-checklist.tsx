import { Link } from 'react-router-dom';
import { CHECKLIST_TEXT } from '../../../domain/home-checklist';
import type { API_DASHBOARD } from '../../../domain/dashboard-contract';
import type { AnswerOf } from '../../../domain/operation';
import { Badge, Card } from '../../kit';

// Home: "Ship your first parcel", the server's checklist (KYC, pickup address, wallet, first order,
// first shipment), each item linking to where it is done; gone once everything is done.

export function HomeChecklist({ list }: { list: AnswerOf<typeof API_DASHBOARD.checklist> | null }) {
  if (!list || list.allDone) return null;
  const left = list.items.filter((i) => !i.done).length;
  return (
    <Card className="stack" aria-labelledby="first-parcel" data-tour="tour-get-started">
      <h2 id="first-parcel">Ship your first parcel</h2>
      <p className="muted">
        {left} of {list.items.length} steps left.
      </p>
      <ol className="checklist">
        {list.items.map((i) => {
          const t = CHECKLIST_TEXT[i.key];
          return (
            <li key={i.key} className="checklist-item" data-done={i.done}>
              <span aria-hidden="true" className="checklist-tick">
                {i.done ? '✓' : '○'}
              </span>
              <span className="stack-tight">
                {i.done ? <strong>{t.title}</strong> : <Link to={t.to}>{t.title}</Link>}
                <span className="small-print">
                  {i.done ? t.done : t.todo} {i.note && <Badge tone="warning">{i.note}</Badge>}
                </span>
              </span>
              <span className="visually-hidden">{i.done ? 'Done' : 'To do'}</span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
