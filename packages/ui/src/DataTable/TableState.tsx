import type { ReactNode } from 'react';
import { mdiAlertCircleOutline } from '@mdi/js';
import { Icon } from '@portal/icons';
import { Button } from '../Button/Button.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import { StateMessage, StatePanel } from './DataTable.styles.ts';
import type { TableStatus } from './useDataTable.ts';

interface TableStateProps {
  status: Exclude<TableStatus, 'rows'>;
  error: ReactNode;
  onRetry: (() => void) | undefined;
  emptyState: ReactNode;
  clearFilters: () => void;
}

/** What shows instead of rows: loading, the error with "Try again", empty, or no match. */
export function TableState({ status, error, onRetry, emptyState, clearFilters }: TableStateProps) {
  return (
    <StatePanel data-tone={status === 'error' ? 'error' : undefined}>
      {status === 'loading' && <Spinner label="Loading…" showLabel size="medium" />}
      {status === 'error' && (
        <>
          <StateMessage role="alert">
            <Icon path={mdiAlertCircleOutline} size={24} />
            {error}
          </StateMessage>
          {onRetry && (
            <Button variant="outlined" onClick={onRetry}>
              Try again
            </Button>
          )}
        </>
      )}
      {status === 'empty' && (emptyState ?? <StateMessage>No rows yet.</StateMessage>)}
      {status === 'no-match' && (
        <>
          <StateMessage>No rows match the search and filters.</StateMessage>
          <Button variant="outlined" onClick={clearFilters}>
            Clear filters
          </Button>
        </>
      )}
    </StatePanel>
  );
}
