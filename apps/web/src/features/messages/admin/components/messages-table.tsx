import { type AdminMessage, formatDateTime, MESSAGE_CHANNEL_LABELS, MESSAGE_STATUS_LABELS } from '@petshop/domain';
import { Button } from '../../../../components/ui/button';
import { type Column, DataTable } from '../../../../components/ui/data-table';

const columns: Column<AdminMessage>[] = [
  { label: 'Mensagem', cell: (message) => `#${message.id} ${message.kindLabel}` },
  { label: 'Canal', cell: (message) => MESSAGE_CHANNEL_LABELS[message.channel] },
  { label: 'Destinatário', cell: (message) => message.recipient || '—' },
  {
    label: 'Situação',
    cell: (message) => (
      <>
        {MESSAGE_STATUS_LABELS[message.status]}
        {message.status === 'enviada' && message.sentAt ? ` em ${formatDateTime(message.sentAt)}` : ''}
        {message.status === 'pendente' && message.attempts > 0 ? ` (${message.attempts} tentativas)` : ''}
      </>
    ),
  },
  { label: 'Criada em', cell: (message) => formatDateTime(message.createdAt) },
  { label: 'Último erro', cell: (message) => message.lastError ?? '—' },
];

interface MessagesTableProps {
  messages: AdminMessage[];
  resendingId: number | null;
  onResend: (message: AdminMessage) => void;
  onOpen: (message: AdminMessage) => void;
}

/** Each message with its channel, recipient, status and last error; any opens, a failed one can be resent. */
export function MessagesTable({ messages, resendingId, onResend, onOpen }: MessagesTableProps) {
  return (
    <DataTable
      caption="Mensagens aos clientes"
      rows={messages}
      rowKey={(message) => message.id}
      columns={columns}
      actions={(message) => (
        <>
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
        </>
      )}
    />
  );
}
