import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { MSG } from '../../domain/messages';

// What a render error leaves on screen: a card saying so, where the broken part was. A panel's
// boundary keeps the rest of its page; a route's keeps the shell (menu and header) around the card;
// the app's outermost one keeps at least the card, so no error ever leaves a white page. Plain
// elements with the kit's classes: the app's entry imports this, and stays small.

export const BROKEN_PAGE = 'This page could not be shown';
export const brokenPanel = (label: string) => `${label} could not be shown`;

/** The card a boundary shows: what broke, the generic advice, and a way to try again. */
export function ErrorCard({ title, onRetry }: { title: string; onRetry?: () => void }) {
  return (
    <section className="card stack error-card" role="alert" aria-label={title}>
      <h2>{title}</h2>
      <p className="muted">{MSG.genericError}</p>
      {onRetry && (
        <div>
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}

interface BoundaryProps {
  /** what to show instead of the children once they failed; `retry` renders them again */
  fallback: (retry: () => void) => ReactNode;
  /** a new key (another page) clears the failure */
  resetKey?: string;
  children?: ReactNode;
}

/** React's error boundary: catches a render error below it and shows the fallback instead. */
export class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(prev: BoundaryProps) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // kept for the developer: the card is what the seller sees
    console.warn('render failed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

/** One panel of a page: when it fails, its card says so and the page around it stays. */
export function PanelBoundary({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <ErrorBoundary fallback={(retry) => <ErrorCard title={brokenPanel(label)} onRetry={retry} />}>
      {children}
    </ErrorBoundary>
  );
}

/** One route: when its screen fails, the card shows inside `shell` (the menu stays); another page clears it. */
export function RouteBoundary({
  shell: Shell,
  children,
}: {
  shell?: ComponentType<{ children?: ReactNode }>;
  children?: ReactNode;
}) {
  const { pathname } = useLocation();
  const card = (retry: () => void) => (
    <div className="page">
      <ErrorCard title={BROKEN_PAGE} onRetry={retry} />
    </div>
  );
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(retry) =>
        Shell ? (
          <ErrorBoundary fallback={() => card(retry)}>
            <Shell>{card(retry)}</Shell>
          </ErrorBoundary>
        ) : (
          card(retry)
        )
      }
    >
      {children}
    </ErrorBoundary>
  );
}
