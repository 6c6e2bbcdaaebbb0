import { AUDIT_ENTITY_LABELS } from '@petshop/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { type AuditFilters, auditQueryOptions } from '../../../../api/audit';
import { Button } from '../../../../components/ui/button';
import { ListPage } from '../../../../components/ui/list-page';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { messageOf } from '../../../../lib/api-client';
import { AuditEntryCard } from '../components/audit-entry-card';
import './admin-audit-page.css';

const ENTITIES = Object.entries(AUDIT_ENTITY_LABELS).sort(([, a], [, b]) => a.localeCompare(b, 'pt-BR'));
/** Ids are plain digits; anything else is left out of the query rather than sent as a 400. */
const idOf = (value: string) => (/^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined);

/** /adminAudit: every change staff made, newest first, with before and after; filters by record, person and days. */
export function AdminAuditPage() {
  const [form, setForm] = useState({ entity: '', entityId: '', person: '', from: '', to: '' });
  // Typing stays responsive while the list for the name so far loads.
  const person = useDeferredValue(form.person.trim());
  const filters: AuditFilters = {
    entity: form.entity || undefined,
    entityId: idOf(form.entityId),
    person: person || undefined,
    from: form.from || undefined,
    to: form.to || undefined,
  };
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = useInfiniteQuery(
    auditQueryOptions(filters),
  );
  const entries = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.meta?.total ?? entries.length;

  return (
    <ListPage
      title="Auditoria"
      search={
        <fieldset className="admin-audit-page__filters">
          <legend className="admin-audit-page__legend">Filtros</legend>
          <Select label="Tipo de registro" value={form.entity} onValueChange={set('entity')}>
            <option value="">Todos</option>
            {ENTITIES.map(([entity, label]) => (
              <option key={entity} value={entity}>
                {label}
              </option>
            ))}
          </Select>
          <TextField label="Nº do registro" inputMode="numeric" value={form.entityId} onValueChange={set('entityId')} />
          <TextField
            label="Quem alterou"
            placeholder="Nome da pessoa"
            autoComplete="off"
            value={form.person}
            onValueChange={set('person')}
          />
          <TextField label="De" type="date" value={form.from} onValueChange={set('from')} />
          <TextField label="Até" type="date" value={form.to} onValueChange={set('to')} />
        </fieldset>
      }
      isPending={isPending}
      isError={isError}
      errorMessage={messageOf(error, 'Erro ao buscar a auditoria.')}
      emptyMessage="Nenhuma alteração com estes filtros."
      shown={entries.length}
      total={total}
      noun={{ one: 'alteração', many: 'alterações' }}
      hasMore={hasNextPage}
      loadingMore={isFetchingNextPage}
      onLoadMore={() => fetchNextPage()}
    >
      <ol className="admin-audit-page__list">
        {entries.map((entry) => (
          <li key={entry.id}>
            <AuditEntryCard entry={entry} />
          </li>
        ))}
      </ol>
      {isError && (
        <Button variant="secondary" onClick={() => refetch()}>
          Tentar novamente
        </Button>
      )}
    </ListPage>
  );
}

export { AdminAuditPage as Component };
