import { formatDateTime, type StockTransfer, TRANSFER_STATUS, transferBody } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { receiveTransferMutation, sendTransferMutation, transfersQueryOptions } from '../../../../api/inventory';
import { Button } from '../../../../components/ui/button';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { ProductSelect, StoreSelect } from './choice-selects';
import { QueryState } from './query-state';
import type { StockNames } from './use-stock-names';

interface Line {
  productId: string;
  quantity: string;
}
const EMPTY_LINE: Line = { productId: '', quantity: '' };
/** Empty text stays NaN so the schema answers with its own "informe" message. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** Transfers between stores: sent at once from the origin, received once at the destination. */
export function TransfersPanel({ names }: { names: StockNames }) {
  const transfers = useQuery(transfersQueryOptions());
  const send = useMutation(sendTransferMutation());
  const receive = useMutation(receiveTransferMutation());
  const form = useSchemaForm({
    schema: transferBody,
    initialValues: { from: '', to: '', lines: [EMPTY_LINE] },
    toInput: ({ to, lines }) => ({
      toStoreId: Number(to),
      items: lines.map((line) => ({ productId: Number(line.productId), quantity: numberOf(line.quantity) })),
    }),
    // The origin travels in the path, not in the body the schema checks.
    check: ({ from }) => (from === '' ? 'Selecione a loja de origem.' : null),
    issues: 'form',
    submit: (body, { from }) => send.mutateAsync({ fromStoreId: Number(from), body }),
    onSuccess: (res) => {
      toast.success(res.message ?? 'Transferência enviada.');
      form.set({ lines: [EMPTY_LINE] });
    },
    errorMessage: 'Não foi possível enviar a transferência.',
    report: { toast: false },
  });
  const { from, to, lines } = form.values;
  const setLine = (index: number, patch: Partial<Line>) =>
    form.set({ lines: lines.map((line, i) => (i === index ? { ...line, ...patch } : line)) });
  const columns: Column<StockTransfer>[] = [
    { label: 'Transferência', cell: (t) => `#${t.id}` },
    { label: 'De', cell: (t) => names.storeName(t.fromStoreId) },
    { label: 'Para', cell: (t) => names.storeName(t.toStoreId) },
    { label: 'Itens', cell: (t) => t.items.map((i) => `${i.quantity} × ${names.productName(i.productId)}`).join(', ') },
    {
      label: 'Situação',
      cell: (t) =>
        t.receivedAt ? `${t.status} em ${formatDateTime(t.receivedAt)}` : `${t.status} em ${formatDateTime(t.sentAt)}`,
    },
  ];
  return (
    <section aria-labelledby="stock-transfers-title" className="stock-admin__section">
      <h2 id="stock-transfers-title">Transferências</h2>
      <form className="stock-admin__form" onSubmit={form.onSubmit} aria-label="Nova transferência">
        <StoreSelect names={names} label="Da loja" required value={from} onValueChange={(v) => form.set({ from: v })} />
        <StoreSelect names={names} label="Para a loja" required value={to} onValueChange={(v) => form.set({ to: v })} />
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id before they are sent
          <div className="stock-admin__line" key={index}>
            <ProductSelect
              names={names}
              label={`Produto ${index + 1}`}
              required
              value={line.productId}
              onValueChange={(v) => setLine(index, { productId: v })}
            />
            <TextField
              label="Quantidade"
              inputMode="numeric"
              required
              value={line.quantity}
              onValueChange={(v) => setLine(index, { quantity: v.replace(/\D/g, '') })}
            />
          </div>
        ))}
        <Button variant="secondary" onClick={() => form.set({ lines: [...lines, EMPTY_LINE] })}>
          Adicionar produto
        </Button>
        <FormAlert message={form.formError} />
        <Button type="submit" loading={form.submitting}>
          Enviar transferência
        </Button>
      </form>
      <QueryState
        query={transfers}
        isEmpty={(transfers.data ?? []).length === 0}
        errorMessage="Erro ao buscar as transferências."
        emptyMessage="Nenhuma transferência ainda."
      >
        <DataTable
          caption="Transferências entre lojas"
          rows={transfers.data ?? []}
          rowKey={(t) => t.id}
          columns={columns}
          actions={(t) =>
            t.status === TRANSFER_STATUS.sent && (
              <Button
                variant="secondary"
                loading={receive.isPending && receive.variables === t.id}
                aria-label={`Receber transferência #${t.id}`}
                onClick={() =>
                  receive.mutate(t.id, {
                    onSuccess: (res) => toast.success(res.message ?? 'Transferência recebida.'),
                    onError: (failure) => toast.error(messageOf(failure, 'Não foi possível receber a transferência.')),
                  })
                }
              >
                Receber
              </Button>
            )
          }
        />
      </QueryState>
    </section>
  );
}
