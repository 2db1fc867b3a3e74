import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';

/** Router errorComponent (spec §2 error screens): a thrown loader or render error inside a route. */
export function UnexpectedErrorScreen({ error, reset }: ErrorComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="container page page--narrow error-screen">
      <h1>Unexpected Application Error!</h1>
      <p className="lead">Sorry, this screen failed to load.</p>
      {error instanceof Error && error.message ? (
        <details>
          <summary>Details</summary>
          <pre>{error.message}</pre>
        </details>
      ) : null}
      <p className="button-row">
        <button type="button" className="button button--secondary" onClick={reset}>
          Try again
        </button>
        <Link to="/" className="button button--primary">
          Go home
        </Link>
      </p>
    </main>
  );
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Last line of defence around the whole app (the router's own boundary covers routes).
 * Uses a plain <a>, because the router itself may be what failed.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Boafo crashed', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main id="main" className="container page page--narrow error-screen">
        <h1>Something went wrong.</h1>
        <p className="lead">Your saved changes are safe on this device.</p>
        <p className="button-row">
          <button type="button" className="button button--secondary" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <a href="/" className="button button--primary">
            Go home
          </a>
        </p>
      </main>
    );
  }
}
