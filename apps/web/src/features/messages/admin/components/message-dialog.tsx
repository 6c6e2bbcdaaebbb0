import { formatDateTime, MESSAGE_CHANNEL_LABELS, MESSAGE_STATUS_LABELS } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { adminMessageQueryOptions } from '../../../../api/messages';
import { Modal } from '../../../../components/ui/modal';
import { messageOf } from '../../../../lib/api-client';

interface MessageDialogProps {
  /** the message to open; null: closed */
  id: number | null;
  onClose: () => void;
}

/**
 * A message as its recipient reads it: subject, text and its link. Without SMTP this is the
 * development mailbox: a password-reset link can be copied and handed over.
 */
export function MessageDialog({ id, onClose }: MessageDialogProps) {
  const { data, isPending, isError, error } = useQuery({
    ...adminMessageQueryOptions(id ?? 0),
    enabled: id !== null,
  });
  return (
    <Modal
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={data ? data.subject : `Mensagem #${id ?? ''}`}
      size="large"
    >
      {isPending && <p>Carregando...</p>}
      {isError && <p role="alert">{messageOf(error, 'Não foi possível abrir a mensagem.')}</p>}
      {data && (
        <div className="message-dialog">
          <dl className="message-dialog__meta">
            <dt>Para</dt>
            <dd>{data.recipient || '—'}</dd>
            <dt>Canal</dt>
            <dd>{MESSAGE_CHANNEL_LABELS[data.channel]}</dd>
            <dt>Situação</dt>
            <dd>
              {MESSAGE_STATUS_LABELS[data.status]}
              {data.sentAt ? ` em ${formatDateTime(data.sentAt)}` : ''}
            </dd>
          </dl>
          <pre className="message-dialog__text">{data.text}</pre>
          {data.link && (
            <p>
              <a href={data.link.url} className="message-dialog__link">
                {data.link.label}
              </a>
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
