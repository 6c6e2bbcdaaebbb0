import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/** A request that failed: says so (never 'nothing here') and offers to try again. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState
      message={`Não foi possível carregar ${what}. Verifique sua conexão e tente novamente.`}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    />
  );
}
