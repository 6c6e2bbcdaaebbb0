import {
  formatDate,
  formatMoney,
  PURCHASE_ORDER_MOVES,
  PURCHASE_ORDER_STATUS,
  type PurchaseOrder,
  type PurchaseOrderMove,
  purchaseOrderBody,
} from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  createPurchaseOrderMutation,
  movePurchaseOrderMutation,
  purchaseOrdersQueryOptions,
  suppliersQueryOptions,
} from '../../../../api/inventory';
import { Button } from '../../../../components/ui/button';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { FormAlert } from '../../../../components/ui/form-alert';
import { MoneyField } from '../../../../components/ui/money-field';
import { Select } from '../../../../components/ui/select';
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
  unitCost: string;
  lot: string;
  expiresOn: string;
}
const emptyLine: Line = { productId: '', quantity: '', unitCost: '', lot: '', expiresOn: '' };
/** Empty text stays NaN so the schema answers with its own "informe" message. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

const MOVE_LABELS: Record<PurchaseOrderMove, string> = { send: 'Enviar', receive: 'Receber', cancel: 'Cancelar' };
const MOVES = Object.keys(MOVE_LABELS) as PurchaseOrderMove[];

/** Purchase orders: Rascunho → Enviado → Recebido (stock in, once) | Cancelado. */
export function PurchaseOrdersPanel({ names }: { names: StockNames }) {
  const orders = useQuery(purchaseOrdersQueryOptions());
  const suppliers = useQuery(suppliersQueryOptions());
  const create = useMutation(createPurchaseOrderMutation());
  const move = useMutation(movePurchaseOrderMutation());
  const form = useSchemaForm({
    schema: purchaseOrderBody,
    initialValues: { supplierId: '', storeId: '', lines: [emptyLine] },
    toInput: ({ supplierId, storeId, lines }) => ({
      supplierId: Number(supplierId),
      storeId: Number(storeId),
      items: lines.map((line) => ({
        productId: Number(line.productId),
        quantity: numberOf(line.quantity),
        unitCost: numberOf(line.unitCost),
        ...(line.lot && { lot: line.lot }),
        ...(line.expiresOn && { expiresOn: line.expiresOn }),
      })),
    }),
    issues: 'form',
    submit: (body) => create.mutateAsync(body),
    onSuccess: (res) => {
      toast.success(res.message ?? 'Pedido de compra criado.');
      form.set({ lines: [emptyLine] });
    },
    errorMessage: 'Não foi possível criar o pedido de compra.',
    report: { toast: false },
  });
  const { supplierId, storeId, lines } = form.values;
  const setLine = (index: number, patch: Partial<Line>) =>
    form.set({ lines: lines.map((line, i) => (i === index ? { ...line, ...patch } : line)) });
  const columns: Column<PurchaseOrder>[] = [
    { label: 'Pedido', cell: (o) => `#${o.id}` },
    { label: 'Fornecedor', cell: (o) => o.supplierName },
    { label: 'Loja', cell: (o) => names.storeName(o.storeId) },
    {
      label: 'Itens',
      cell: (o) =>
        o.items
          .map((i) => `${i.quantity} × ${i.productName}${i.expiresOn ? ` (val. ${formatDate(i.expiresOn)})` : ''}`)
          .join(', '),
    },
    { label: 'Total', cell: (o) => formatMoney(o.total) },
    { label: 'Situação', cell: (o) => o.status },
  ];
  return (
    <section aria-labelledby="stock-purchases-title" className="stock-admin__section">
      <h2 id="stock-purchases-title">Pedidos de compra</h2>
      <form className="stock-admin__form" onSubmit={form.onSubmit} aria-label="Novo pedido de compra">
        <Select
          label="Fornecedor"
          required
          value={supplierId}
          onValueChange={(v) => form.set({ supplierId: v })}
          placeholder="Selecione"
        >
          {(suppliers.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
        <StoreSelect
          names={names}
          label="Loja que recebe"
          required
          value={storeId}
          onValueChange={(v) => form.set({ storeId: v })}
        />
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id before they are saved
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
            <MoneyField
              label="Custo unitário"
              required
              value={line.unitCost}
              onValueChange={(v) => setLine(index, { unitCost: v })}
            />
            <TextField label="Lote" maxLength={60} value={line.lot} onValueChange={(v) => setLine(index, { lot: v })} />
            <TextField
              label="Validade"
              type="date"
              value={line.expiresOn}
              onValueChange={(v) => setLine(index, { expiresOn: v })}
            />
          </div>
        ))}
        <Button variant="secondary" onClick={() => form.set({ lines: [...lines, emptyLine] })}>
          Adicionar item
        </Button>
        <FormAlert message={form.formError} />
        <Button type="submit" loading={form.submitting}>
          Criar pedido (rascunho)
        </Button>
      </form>
      <QueryState
        query={orders}
        isEmpty={(orders.data ?? []).length === 0}
        errorMessage="Erro ao buscar os pedidos de compra."
        emptyMessage="Nenhum pedido de compra ainda."
      >
        <DataTable
          caption="Pedidos de compra"
          rows={orders.data ?? []}
          rowKey={(o) => o.id}
          columns={columns}
          actions={(o) =>
            MOVES.filter((m) => (PURCHASE_ORDER_MOVES[m].from as readonly string[]).includes(o.status)).map((m) => (
              <Button
                key={m}
                variant={m === 'cancel' ? 'danger' : 'secondary'}
                loading={move.isPending && move.variables?.id === o.id && move.variables.move === m}
                aria-label={`${MOVE_LABELS[m]} pedido #${o.id}`}
                onClick={() =>
                  move.mutate(
                    { id: o.id, move: m },
                    {
                      onSuccess: (res) => toast.success(res.message ?? 'Pedido atualizado.'),
                      onError: (failure) => toast.error(messageOf(failure, 'Não foi possível atualizar o pedido.')),
                    },
                  )
                }
              >
                {MOVE_LABELS[m]}
              </Button>
            ))
          }
        />
      </QueryState>
      <p className="stock-admin__hint">
        {PURCHASE_ORDER_STATUS.draft} → {PURCHASE_ORDER_STATUS.sent} → {PURCHASE_ORDER_STATUS.received}: ao receber, os
        itens entram no estoque da loja e o custo médio é atualizado.
      </p>
    </section>
  );
}
