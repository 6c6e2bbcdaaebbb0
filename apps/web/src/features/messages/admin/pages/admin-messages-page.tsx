import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_STATUS_LABELS,
  type MessageChannel,
  type MessageStatus,
} from '@petshop/domain';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { adminMessagesQueryOptions, type MessageFilters, resendMessageMutation } from '../../../../api/messages';
import { ListPage } from '../../../../components/ui/list-page';
import { Select } from '../../../../components/ui/select';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { MessageDialog } from '../components/message-dialog';
import { MessagesTable } from '../components/messages-table';
import './admin-messages-page.css';

const STATUSES = Object.keys(MESSAGE_STATUS_LABELS) as MessageStatus[];
const CHANNELS = Object.keys(MESSAGE_CHANNEL_LABELS) as MessageChannel[];

/** /adminMessages: the outbox, newest first, filtered by status and channel; failed messages can be resent. */
export function AdminMessagesPage() {
  const [filters, setFilters] = useState<MessageFilters>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = useInfiniteQuery(
    adminMessagesQueryOptions(filters),
  );
  const resend = useMutation(resendMessageMutation());
  const messages = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.meta?.total ?? messages.length;

  return (
    <ListPage
      title="Mensagens"
      actions={
        <div className="admin-messages-page__filters">
          <Select
            label="Situação"
            value={filters.status ?? ''}
            onChange={(event) =>
              setFilters((f) => ({ ...f, status: (event.target.value || undefined) as MessageStatus | undefined }))
            }
          >
            <option value="">Todas</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {MESSAGE_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
          <Select
            label="Canal"
            value={filters.channel ?? ''}
            onChange={(event) =>
              setFilters((f) => ({ ...f, channel: (event.target.value || undefined) as MessageChannel | undefined }))
            }
          >
            <option value="">Todos</option>
            {CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {MESSAGE_CHANNEL_LABELS[channel]}
              </option>
            ))}
          </Select>
        </div>
      }
      isPending={isPending}
      isError={isError}
      errorMessage={messageOf(error, 'Erro ao buscar mensagens.')}
      emptyMessage="Nenhuma mensagem com estes filtros."
      shown={messages.length}
      total={total}
      noun={{ one: 'mensagem', many: 'mensagens' }}
      hasMore={hasNextPage}
      loadingMore={isFetchingNextPage}
      onLoadMore={() => fetchNextPage()}
    >
      <MessageDialog id={openId} onClose={() => setOpenId(null)} />
      <MessagesTable
        messages={messages}
        onOpen={(message) => setOpenId(message.id)}
        resendingId={resend.isPending ? (resend.variables ?? null) : null}
        onResend={(message) =>
          resend.mutate(message.id, {
            onSuccess: ({ message: text }) => {
              toast.success(text ?? 'Mensagem colocada na fila de novo.');
              void refetch();
            },
            onError: (failure) => toast.error(messageOf(failure, 'Não foi possível reenviar a mensagem.')),
          })
        }
      />
    </ListPage>
  );
}

export { AdminMessagesPage as Component };
