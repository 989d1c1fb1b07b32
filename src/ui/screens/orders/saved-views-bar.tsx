import { Link, useSearchParams } from 'react-router-dom';
import { viewFiltersOf, viewSearch } from '../../../domain/order-views';
import { useSavedViews } from '../../../services/use-saved-views';
import { Alert, Button, Dialog, TextField } from '../../kit';

// Saved views above the beta orders list: each a link to the list with its filters, a delete
// button, and "Save view" naming the filters on screen now. Renders the saved-views machine.

export function SavedViewsBar() {
  const [state, send] = useSavedViews();
  const [params] = useSearchParams();
  const current = viewFiltersOf(params);
  const here = viewSearch(current);
  const { views, draft, errors, error, notice } = state.context;
  const naming = state.matches({ ready: 'naming' }) || state.matches({ ready: 'saving' });
  return (
    <section className="stack saved-views" aria-labelledby="saved-views-heading">
      <div className="row">
        <h2 id="saved-views-heading" className="m-0">
          Saved views
        </h2>
        <Button
          variant="secondary"
          className="btn-small"
          disabled={!state.matches('ready') || Object.keys(current).length === 0}
          onClick={() => send({ type: 'START', filters: current })}
        >
          Save view
        </Button>
      </div>
      {state.matches('failed') ? (
        <Alert>
          <span>{error}</span>{' '}
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </Alert>
      ) : views.length === 0 ? (
        <p className="muted m-0">
          {Object.keys(current).length
            ? 'Keep the filters and search on screen as a view: press Save view.'
            : 'Choose a tab, filters or a search, then save them as a view.'}
        </p>
      ) : (
        <ul className="row view-chips" aria-label="Your saved views">
          {views.map((v) => (
            <li key={v.viewId} className="view-chip">
              <Link
                to={`/orders_v2${viewSearch(v.filters)}`}
                aria-current={viewSearch(v.filters) === here ? 'page' : undefined}
              >
                {v.viewName}
              </Link>
              <button
                type="button"
                className="view-chip-delete"
                aria-label={`Delete view ${v.viewName}`}
                disabled={!state.matches({ ready: 'idle' })}
                onClick={() => send({ type: 'DELETE', viewId: v.viewId })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p className="small-print m-0" role="status">
          {notice}
        </p>
      )}
      {error && !naming && state.matches('ready') && <Alert>{error}</Alert>}
      <Dialog
        open={naming}
        onOpenChange={(open) => !open && send({ type: 'CANCEL' })}
        title="Save this view"
        description="The tab, filters, search and sort on screen now, under a name of yours."
      >
        <form
          className="stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SAVE' });
          }}
        >
          <TextField
            label="View name"
            value={draft}
            maxLength={40}
            error={errors.viewName ?? errors.filters}
            hint="Up to 40 characters, for example COD to ship"
            onChange={(e) => send({ type: 'NAME', value: e.target.value })}
          />
          {error && <Alert>{error}</Alert>}
          <div className="row dialog-actions">
            <Button type="submit" busy={state.matches({ ready: 'saving' })}>
              Save view
            </Button>
            <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
