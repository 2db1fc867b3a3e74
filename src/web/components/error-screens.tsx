import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { t as translate, useT } from '../lib/i18n';

/** Router errorComponent (spec §2 error screens): a thrown loader or render error inside a route. */
export function UnexpectedErrorScreen({ error, reset }: ErrorComponentProps) {
  const t = useT();
  return (
    <main id="main" tabIndex={-1} className="container page page--narrow error-screen">
      <h1>{t('shell.error.screenTitle')}</h1>
      <p className="lead">{t('shell.error.screenText')}</p>
      {error instanceof Error && error.message ? (
        <details>
          <summary>{t('shell.error.details')}</summary>
          <pre>{error.message}</pre>
        </details>
      ) : null}
      <p className="button-row">
        <button type="button" className="button button--secondary" onClick={reset}>
          {t('shell.error.retry')}
        </button>
        <Link to="/" className="button button--primary">
          {t('shell.error.home')}
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
        <h1>{translate('shell.error.crashTitle')}</h1>
        <p className="lead">{translate('shell.error.crashText')}</p>
        <p className="button-row">
          <button type="button" className="button button--secondary" onClick={() => this.setState({ error: null })}>
            {translate('shell.error.retry')}
          </button>
          <a href="/" className="button button--primary">
            {translate('shell.error.home')}
          </a>
        </p>
      </main>
    );
  }
}
