import { Component, type ReactNode } from 'react';
import { Button, ErrorState } from '@portal/ui';
import { FullPage } from './FullPage.tsx';

/** A page's code that could not be fetched: usually a tab opened before a new release. */
const isChunkFailure = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

interface State {
  error: unknown;
  /** The location the error happened on: a new one tries again. */
  at: string | undefined;
}

/**
 * A page that throws while rendering, or whose code cannot be loaded, shows a sentence and a way
 * on instead of a blank window; moving to another page tries again.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; at: string }, State> {
  override state: State = { error: null, at: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: { at: string }, state: State): Partial<State> | null {
    if (state.error !== null && state.at !== undefined && state.at !== props.at)
      return { error: null, at: undefined };
    if (state.error !== null && state.at === undefined) return { at: props.at };
    return null;
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed to render', error);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const stale = isChunkFailure(error);
    return (
      <FullPage>
        <ErrorState
          headingLevel={1}
          title={
            stale ? 'A newer version of the portal is available' : 'This page could not be shown'
          }
          description={
            stale
              ? 'Part of this page could not be loaded, most likely because the portal was updated while it was open. Reload to get the new version.'
              : 'Something went wrong while showing this page. Reload it, or go back to the start; your work on the server is not affected.'
          }
          action={
            <Button variant="primary" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        />
      </FullPage>
    );
  }
}
