import { Link } from 'react-router-dom';
import { CHECKLIST_TEXT } from '../../../domain/home-checklist';
import { API_DASHBOARD } from '../../../domain/dashboard-contract';
import { checkableRole, mayUse } from '../../../domain/permissions';
import { useScreenSession } from '../../../services/screen-services';
import { useOperation } from '../../hooks/use-operation';
import { Badge, Card } from '../../kit';

// Home: "Ship your first parcel", the server's checklist (KYC, pickup address, wallet, first order,
// first shipment), each item linking to where it is done; gone once everything is done.

export function HomeChecklist() {
  const { account, claims } = useScreenSession();
  const who = checkableRole(account, claims);
  const allowed = !!who && mayUse(who.role, who.permissions, 'orders.view');
  const list = useOperation(API_DASHBOARD.checklist, {}, { load: allowed });
  if (!allowed || !list.data || list.data.allDone) return null;
  const left = list.data.items.filter((i) => !i.done).length;
  return (
    <Card className="stack" aria-labelledby="first-parcel" data-tour="tour-get-started">
      <h2 id="first-parcel">Ship your first parcel</h2>
      <p className="muted">
        {left} of {list.data.items.length} steps left.
      </p>
      <ol className="checklist">
        {list.data.items.map((i) => {
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
