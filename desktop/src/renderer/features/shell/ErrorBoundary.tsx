import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '@shared/messages';
import { Button } from '../../components/Button';

interface State {
  error: Error | null;
}

/** Catches render errors (and failed route chunk loads) and offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="flex flex-col items-center justify-center px-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-gray-900">{MESSAGES.errorBoundary}</h1>
        <p className="mt-2 max-w-md text-sm text-gray-500">Reload the page to try again.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </div>
    );
  }
}
