import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FormAlert } from '../../../../components/ui/form-alert';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';

interface QueryStateProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  isEmpty: boolean;
  errorMessage: string;
  emptyMessage: string;
  children: ReactNode;
}

/** A section's loading, error (with 'Tentar de novo') and empty states around what it lists. */
export function QueryState({ query, isEmpty, errorMessage, emptyMessage, children }: QueryStateProps) {
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <div className="stock-admin__error">
        <FormAlert message={messageOf(query.error, errorMessage)} />
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Tentar de novo
        </Button>
      </div>
    );
  if (isEmpty) return <EmptyState message={emptyMessage} />;
  return <>{children}</>;
}
