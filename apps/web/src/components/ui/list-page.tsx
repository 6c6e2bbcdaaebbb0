import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { FormAlert } from './form-alert';
import { LoadingState } from './spinner';
import './list-page.css';

export interface ListPageProps {
  title: string;
  /** Shown to the right of the title. */
  actions?: ReactNode;
  /** Above the list, kept while it loads or finds nothing (a search box). */
  search?: ReactNode;
  isPending: boolean;
  isError: boolean;
  errorMessage: string;
  emptyMessage: string;
  /** How many items are loaded, and how many exist. */
  shown: number;
  total: number;
  noun: { one: string; many: string };
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The list itself, rendered once there is at least one item. */
  children: ReactNode;
}

/** A page-level paginated list: title, loading/error/empty states, count and 'Carregar mais'. */
export function ListPage({
  title,
  actions,
  search,
  isPending,
  isError,
  errorMessage,
  emptyMessage,
  shown,
  total,
  noun,
  hasMore,
  loadingMore,
  onLoadMore,
  children,
}: ListPageProps) {
  const heading = <h1 className="list-page__title">{title}</h1>;
  return (
    <div className="list-page">
      {actions ? (
        <div className="list-page__header">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {search}
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <FormAlert message={errorMessage} />
      ) : shown === 0 ? (
        <EmptyState message={emptyMessage} />
      ) : (
        <>
          <p className="list-page__count" role="status">
            Mostrando {shown} de {total} {total === 1 ? noun.one : noun.many}
          </p>
          {children}
          {hasMore && (
            <div className="list-page__more">
              <Button variant="secondary" loading={loadingMore} onClick={() => onLoadMore()}>
                Carregar mais
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
