import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditEntry,
  formatDateTime,
  ROLE_LABELS,
} from '@petshop/domain';
import { fieldLabel, readable } from './audit-value';

/** One change: when, who, what, and each changed field before and after. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const entity = AUDIT_ENTITY_LABELS[entry.entity] ?? entry.entity;
  const action = AUDIT_ACTION_LABELS[entry.action] ?? entry.action;
  const role = ROLE_LABELS[entry.role as keyof typeof ROLE_LABELS] ?? entry.role;
  const who = entry.userName ?? (entry.userId ? `Usuário nº ${entry.userId}` : 'Sistema');
  return (
    <article className="audit-entry" aria-labelledby={`audit-${entry.id}`}>
      <header className="audit-entry__header">
        <h2 id={`audit-${entry.id}`} className="audit-entry__title">
          {action} · {entity}
          {entry.entityId !== null && ` nº ${entry.entityId}`}
        </h2>
        <p className="audit-entry__meta">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {who} ({role})
          {entry.ip && <span className="audit-entry__ip"> · IP {entry.ip}</span>}
        </p>
      </header>
      {fields.length > 0 ? (
        <table className="audit-diff">
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Antes</th>
              <th scope="col">Depois</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{fieldLabel(field)}</th>
                <td data-label="Antes" className="audit-diff__before">
                  {entry.before ? readable(entry.before[field], field) : '—'}
                </td>
                <td data-label="Depois" className="audit-diff__after">
                  {entry.after ? readable(entry.after[field], field) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="audit-entry__none">Sem campos registrados.</p>
      )}
    </article>
  );
}
