import { type ClosingReport, formatMoney, type PosSession } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { closePosSessionMutation, posSessionKey } from '../../../api/pos';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { amountOf } from './amount';
import { PosField } from './pos-field';
import { tillSchema } from './till-schema';

const METHODS = [
  ['dinheiro', 'Dinheiro'],
  ['pix', 'Pix'],
  ['credito', 'Cartão de crédito'],
  ['debito', 'Cartão de débito'],
] as const;

/** Closing: the operator counts each method, the server answers the report (expected, counted, difference). */
export function CloseSession({ session, onBack }: { session: PosSession; onBack: () => void }) {
  const [report, setReport] = useState<ClosingReport | null>(null);
  const close = useMutation(closePosSessionMutation(session.id));
  const form = useSchemaForm({
    schema: tillSchema((schemas) => schemas.closeSessionBody),
    initialValues: { dinheiro: '', pix: '', credito: '', debito: '' },
    // A method left empty counted nothing.
    toInput: (counted) => ({
      counted: Object.fromEntries(METHODS.map(([k]) => [k, amountOf(counted[k]) ?? 0])),
    }),
    issues: 'form',
    submit: (body) => close.mutateAsync(body),
    onSuccess: setReport,
    errorMessage: 'Não foi possível fechar o caixa.',
    report: { toast: false },
  });
  if (report) return <ClosingReportView id={session.id} report={report} />;
  return (
    <form className="pos pos-open" onSubmit={form.onSubmit}>
      <h1>Fechar o caixa #{session.id}</h1>
      {METHODS.map(([k, name]) => (
        <PosField key={k} label={`${name} contado (R$)`} inputMode="decimal" {...form.field(k)} />
      ))}
      {form.formError && <p role="alert">{form.formError}</p>}
      <div className="pos-actions">
        <button type="button" className="pos-big" onClick={onBack}>
          Voltar
        </button>
        <button type="submit" className="pos-big" disabled={form.submitting}>
          Fechar caixa
        </button>
      </div>
    </form>
  );
}

/** The closing report; 'Concluir' asks the server again, which answers no open session. */
function ClosingReportView({ id, report }: { id: number; report: ClosingReport }) {
  const client = useQueryClient();
  return (
    <div className="pos">
      <section className="pos-receipt" aria-label="Relatório de fechamento">
        <h2>Fechamento do caixa #{id}</h2>
        <table>
          <thead>
            <tr>
              <th>Forma</th>
              <th>Esperado</th>
              <th>Contado</th>
              <th>Diferença</th>
            </tr>
          </thead>
          <tbody>
            {METHODS.map(([k, name]) => (
              <tr key={k}>
                <td>{name}</td>
                <td>{formatMoney(report.expected[k])}</td>
                <td>{formatMoney(report.counted[k])}</td>
                <td>{formatMoney(report.difference[k])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="pos-actions">
        <button type="button" className="pos-big" onClick={() => window.print()}>
          Imprimir
        </button>
        <button
          type="button"
          className="pos-big"
          onClick={() => void client.invalidateQueries({ queryKey: posSessionKey })}
        >
          Concluir
        </button>
      </div>
    </div>
  );
}
