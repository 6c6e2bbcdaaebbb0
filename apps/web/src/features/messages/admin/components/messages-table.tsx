import { type AdminMessage, formatDateTime, MESSAGE_CHANNEL_LABELS, MESSAGE_STATUS_LABELS } from '@petshop/domain';
import { Button } from '../../../../components/ui/button';
import '../../../../components/ui/data-table.css';

interface MessagesTableProps {
  messages: AdminMessage[];
  resendingId: number | null;
  onResend: (message: AdminMessage) => void;
  onOpen: (message: AdminMessage) => void;
}

/** Each message with its channel, recipient, status and last error; any opens, a failed one can be resent. */
export function MessagesTable({ messages, resendingId, onResend, onOpen }: MessagesTableProps) {
  return (
    <table className="data-table">
      <caption className="data-table__caption">Mensagens aos clientes</caption>
      <thead>
        <tr>
          <th scope="col">Mensagem</th>
          <th scope="col">Canal</th>
          <th scope="col">Destinatário</th>
          <th scope="col">Situação</th>
          <th scope="col">Criada em</th>
          <th scope="col">Último erro</th>
          <th scope="col">
            <span className="visually-hidden">Ações</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.id}>
            <th scope="row" data-label="Mensagem">
              #{message.id} {message.kindLabel}
            </th>
            <td data-label="Canal">{MESSAGE_CHANNEL_LABELS[message.channel]}</td>
            <td data-label="Destinatário">{message.recipient || '—'}</td>
            <td data-label="Situação">
              {MESSAGE_STATUS_LABELS[message.status]}
              {message.status === 'enviada' && message.sentAt ? ` em ${formatDateTime(message.sentAt)}` : ''}
              {message.status === 'pendente' && message.attempts > 0 ? ` (${message.attempts} tentativas)` : ''}
            </td>
            <td data-label="Criada em">{formatDateTime(message.createdAt)}</td>
            <td data-label="Último erro">{message.lastError ?? '—'}</td>
            <td className="data-table__actions">
              <Button variant="secondary" onClick={() => onOpen(message)} aria-label={`Abrir mensagem #${message.id}`}>
                Abrir
              </Button>
              {message.status === 'falhou' && (
                <Button
                  variant="secondary"
                  loading={resendingId === message.id}
                  onClick={() => onResend(message)}
                  aria-label={`Reenviar mensagem #${message.id}`}
                >
                  Reenviar
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
