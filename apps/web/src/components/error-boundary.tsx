import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen, errorMessage } from './error-screen.tsx';

type State = { error: unknown; hasError: boolean };

/** Top-level boundary for errors outside the router (providers, toaster). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // React already reports the error to the console in development; nothing else to do here.
  }

  private readonly reload = () => {
    this.setState({ error: undefined, hasError: false });
    window.location.reload();
  };

  override render(): ReactNode {
    if (this.state.hasError) return <ErrorScreen message={errorMessage(this.state.error)} onReload={this.reload} />;
    return this.props.children;
  }
}
