import { Component, type ErrorInfo, type ReactNode } from 'react';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session-store';
import { ErrorScreen } from './error-screen';

interface ErrorBoundaryProps {
  /** Reported as `boundary` so the server log says which part broke. */
  name: string;
  children: ReactNode;
  /** When this value changes after an error, the boundary tries again (e.g. the pathname). */
  resetKey?: unknown;
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Sends a rendering error to the server; only for signed-in users (spec 7). */
export function reportFrontendError(boundary: string, error: unknown, componentStack = '') {
  if (!useSession.getState().token) return;
  const text = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  api
    .post('/app/frontend-exception', {
      environment: 'production',
      boundary,
      // The server caps these (20 000 / 50 000 characters); never lose the report to a 422.
      error: text.slice(0, 20_000),
      errorInfo: componentStack.slice(0, 50_000),
    })
    .catch((e: unknown) => console.error('Could not report error', e));
}

/** Rendering error → "Something went wrong..." (spec 8), reported when signed in. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.name}]`, error);
    reportFrontendError(this.props.name, error, info.componentStack ?? '');
  }

  override componentDidUpdate(prev: ErrorBoundaryProps) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (this.state.error) return this.props.fallback ?? <ErrorScreen kind="render" />;
    return this.props.children;
  }
}
