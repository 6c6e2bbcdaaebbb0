import {
  formatDateTime,
  formatMoney,
  LEDGER_METHODS,
  type LedgerMethod,
  type LedgerPayment,
  PAYMENT_STATUS,
  type PaymentOwnerKind,
  type PaymentStatus,
} from '@petshop/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type LedgerFilters, ledgerQueryOptions } from '../../../../api/ledger';
import { allStoresQueryOptions } from '../../../../api/stores';
import { Button } from '../../../../components/ui/button';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { ListPage } from '../../../../components/ui/list-page';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { messageOf } from '../../../../lib/api-client';
import './admin-payments-page.css';

const OWNER_LABEL: Record<PaymentOwnerKind, string> = {
  order: 'Pedido',
  pos_sale: 'Venda no balcão',
  subscription_cycle: 'Ciclo de plano',
};

const STATUSES: readonly PaymentStatus[] = Object.values(PAYMENT_STATUS);

const isMethod = (value: string): value is LedgerMethod => (LEDGER_METHODS as readonly string[]).includes(value);
const isStatus = (value: string): value is PaymentStatus => (STATUSES as readonly string[]).includes(value);
const isOwnerKind = (value: string): value is PaymentOwnerKind => value in OWNER_LABEL;

/** What each row carries of its payment beyond method and amount: NSU, card, installments. */
function detailOf(payment: LedgerPayment) {
  const parts = [
    payment.cardBrand && payment.cardLast4 ? `${payment.cardBrand} •••• ${payment.cardLast4}` : '',
    payment.nsu ? `NSU ${payment.nsu}` : '',
    payment.installments && payment.installments > 1 ? `${payment.installments}x` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '—';
}

const COLUMNS: readonly Column<LedgerPayment>[] = [
  { label: 'Data', cell: (p) => formatDateTime(p.createdAt) },
  { label: 'Origem', cell: (p) => `${OWNER_LABEL[p.owner.kind]} nº ${p.owner.id}` },
  { label: 'Método', cell: (p) => p.method },
  { label: 'Valor', cell: (p) => formatMoney(p.amount) },
  { label: 'Status', cell: (p) => p.status },
  { label: 'Devolvido', cell: (p) => (p.refunded > 0 ? formatMoney(p.refunded) : '—') },
  { label: 'Detalhes', cell: detailOf },
];

interface Form {
  from: string;
  to: string;
  method: string;
  status: string;
  ownerKind: string;
  storeId: string;
}

/** /adminPayments: every real that came in or went back (web, counter, plans), filtered, with the totals. */
export function AdminPaymentsPage() {
  const [form, setForm] = useState<Form>({ from: '', to: '', method: '', status: '', ownerKind: '', storeId: '' });
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const filters: LedgerFilters = {
    ...(form.from ? { from: form.from } : {}),
    ...(form.to ? { to: form.to } : {}),
    ...(isMethod(form.method) ? { method: form.method } : {}),
    ...(isStatus(form.status) ? { status: form.status } : {}),
    ...(isOwnerKind(form.ownerKind) ? { ownerKind: form.ownerKind } : {}),
    ...(form.storeId ? { storeId: Number(form.storeId) } : {}),
  };
  const stores = useQuery(allStoresQueryOptions());
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = useInfiniteQuery(
    ledgerQueryOptions(filters),
  );
  const rows = data?.pages.flatMap((page) => page.data) ?? [];
  const meta = data?.pages.at(-1)?.meta;
  const totals = meta ? LEDGER_METHODS.filter((method) => meta.totals[method] > 0) : [];

  return (
    <ListPage
      title="Pagamentos"
      search={
        <>
          <fieldset className="admin-payments-page__filters">
            <legend className="admin-payments-page__legend">Filtros</legend>
            <TextField label="De" type="date" value={form.from} onValueChange={set('from')} />
            <TextField label="Até" type="date" value={form.to} onValueChange={set('to')} />
            <Select label="Método" value={form.method} onValueChange={set('method')}>
              <option value="">Todos</option>
              {LEDGER_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </Select>
            <Select label="Status" value={form.status} onValueChange={set('status')}>
              <option value="">Todos</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </Select>
            <Select label="Origem" value={form.ownerKind} onValueChange={set('ownerKind')}>
              <option value="">Todas</option>
              {Object.entries(OWNER_LABEL).map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {label}
                </option>
              ))}
            </Select>
            <Select label="Loja" value={form.storeId} onValueChange={set('storeId')}>
              <option value="">Todas</option>
              {(stores.data ?? []).map((store) => (
                <option key={store.id} value={String(store.id)}>
                  {store.name}
                </option>
              ))}
            </Select>
          </fieldset>
          {meta && (
            <dl className="admin-payments-page__totals" aria-label="Totais do período">
              {totals.map((method) => (
                <div key={method}>
                  <dt>{method}</dt>
                  <dd>{formatMoney(meta.totals[method])}</dd>
                </div>
              ))}
              <div>
                <dt>Devolvido</dt>
                <dd>{formatMoney(meta.refunded)}</dd>
              </div>
            </dl>
          )}
          {isError && (
            <Button variant="secondary" onClick={() => refetch()}>
              Tentar novamente
            </Button>
          )}
        </>
      }
      isPending={isPending}
      isError={isError}
      errorMessage={messageOf(error, 'Erro ao buscar os pagamentos.')}
      emptyMessage="Nenhum pagamento com estes filtros."
      shown={rows.length}
      total={meta?.total ?? rows.length}
      noun={{ one: 'pagamento', many: 'pagamentos' }}
      hasMore={hasNextPage}
      loadingMore={isFetchingNextPage}
      onLoadMore={() => fetchNextPage()}
    >
      <DataTable rows={rows} rowKey={(p) => p.id} columns={COLUMNS} caption="Pagamentos" />
    </ListPage>
  );
}

export { AdminPaymentsPage as Component };
