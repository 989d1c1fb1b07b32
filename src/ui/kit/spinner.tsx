import './tokens.css';
import './kit.css';

// Its own module so the app's entry (route guards) can show it without the rest of the kit.

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="row">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
