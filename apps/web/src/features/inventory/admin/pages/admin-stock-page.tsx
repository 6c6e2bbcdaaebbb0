import { type KeyboardEvent, useRef, useState } from 'react';
import { AdjustmentForm } from '../components/adjustment-form';
import { ExpiringLotsPanel } from '../components/expiring-lots-panel';
import { MovementsPanel } from '../components/movements-panel';
import { PurchaseOrdersPanel } from '../components/purchase-orders-panel';
import { SuggestionsPanel } from '../components/suggestions-panel';
import { SuppliersPanel } from '../components/suppliers-panel';
import { TransfersPanel } from '../components/transfers-panel';
import { type StockNames, useStockNames } from '../components/use-stock-names';
import './admin-stock-page.css';

const TABS = [
  ['movimentacoes', 'Movimentações', (names: StockNames) => <MovementsPanel names={names} />],
  ['ajuste', 'Ajuste', (names: StockNames) => <AdjustmentForm names={names} />],
  ['transferencias', 'Transferências', (names: StockNames) => <TransfersPanel names={names} />],
  ['fornecedores', 'Fornecedores', () => <SuppliersPanel />],
  ['compras', 'Pedidos de compra', (names: StockNames) => <PurchaseOrdersPanel names={names} />],
  ['lotes', 'Vencendo em 30 dias', (names: StockNames) => <ExpiringLotsPanel names={names} />],
  ['sugestoes', 'Sugestões', (names: StockNames) => <SuggestionsPanel names={names} />],
] as const;

type TabId = (typeof TABS)[number][0];

/** /adminStock 'Estoque': the ledger, adjustments, transfers, suppliers, purchase orders, lots and suggestions. */
export function AdminStockPage() {
  const names = useStockNames();
  const [tab, setTab] = useState<TabId>('movimentacoes');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = TABS.find(([id]) => id === tab) ?? TABS[0];
  // Arrow keys move between tabs, as a tab list does.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]?.[0] ?? 'movimentacoes');
    buttons.current[next]?.focus();
  };
  return (
    <div className="stock-admin">
      <h1 className="stock-admin__title">Estoque</h1>
      <div role="tablist" aria-label="Seções do estoque" className="stock-admin__tabs">
        {TABS.map(([id, label], index) => (
          <button
            key={id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`stock-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`stock-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="stock-admin__tab"
            onClick={() => setTab(id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`stock-panel-${current[0]}`} aria-labelledby={`stock-tab-${current[0]}`}>
        {current[2](names)}
      </div>
    </div>
  );
}

export { AdminStockPage as Component };
