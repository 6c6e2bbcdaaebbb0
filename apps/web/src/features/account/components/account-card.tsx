import type { Preferences, PublicUser } from '@petshop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  deleteAccountMutation,
  downloadDataMutation,
  preferencesQueryOptions,
  savePreferencesMutation,
} from '../../../api/account';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { lazyDialog } from '../../../components/ui/modal';
import { LoadingState } from '../../../components/ui/spinner';
import { ApiError, messageOf } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import './account-card.css';

// Shown after a tap: its code (form, masks, dialog) loads then, not with the page.
const ChangePasswordModal = lazyDialog(() =>
  import('./change-password-modal').then((module) => module.ChangePasswordModal),
);

const OPTIONS: { key: keyof Preferences; label: string; hint: string }[] = [
  {
    key: 'whatsappOptIn',
    label: 'Receber avisos por WhatsApp',
    hint: 'Pedidos, agendamentos e lembretes também no seu WhatsApp.',
  },
  { key: 'marketingOptIn', label: 'Receber ofertas e novidades', hint: 'Promoções da loja por e-mail.' },
];

function PreferencesFieldset({ userId }: { userId: number }) {
  const preferences = useQuery(preferencesQueryOptions(userId));
  const save = useMutation(savePreferencesMutation(userId));
  if (preferences.isPending) return <LoadingState />;
  if (preferences.isError) {
    return (
      <div className="account-card__error">
        <FormAlert message={messageOf(preferences.error, 'Erro ao carregar suas preferências.')} />
        <Button variant="secondary" onClick={() => preferences.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  // The choice shows at once; the server's answer replaces it (or puts it back on failure).
  const current = save.isPending && save.variables ? save.variables : preferences.data;
  const toggle = (key: keyof Preferences, checked: boolean) =>
    save.mutate(
      { ...current, [key]: checked },
      {
        onSuccess: () => toast.success('Preferências salvas!'),
        onError: (error) => toast.error(messageOf(error, 'Não foi possível salvar suas preferências.')),
      },
    );
  return (
    <fieldset className="account-card__preferences" disabled={save.isPending}>
      <legend>Mensagens</legend>
      <p className="account-card__hint">Avisos sobre seus pedidos e agendamentos sempre chegam por e-mail.</p>
      {OPTIONS.map(({ key, label, hint }) => (
        <label key={key} className="account-card__option">
          <input
            type="checkbox"
            name={key}
            checked={current[key]}
            onChange={(event) => toggle(key, event.target.checked)}
          />
          <span>
            {label}
            <span className="account-card__hint">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** 'Conta e privacidade' on /user: password, message preferences, LGPD export and account deletion. */
export function AccountCard({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [changingPassword, setChangingPassword] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  /** The server's list of open orders, once a deletion was refused for them. */
  const [openOrders, setOpenOrders] = useState<string | null>(null);
  const download = useMutation(downloadDataMutation());
  const remove = useMutation(deleteAccountMutation());

  return (
    <Card title="Conta e privacidade" titleId="account-title" className="account-card">
      <div className="account-card__actions">
        <Button variant="secondary" onClick={() => setChangingPassword(true)}>
          Alterar senha
        </Button>
        <Button
          variant="secondary"
          loading={download.isPending}
          onClick={() =>
            download.mutate(user.id, {
              onError: (error) => toast.error(messageOf(error, 'Não foi possível baixar seus dados.')),
            })
          }
        >
          Baixar meus dados
        </Button>
        <Button variant="danger" onClick={() => setConfirmingDelete(true)}>
          Excluir minha conta
        </Button>
      </div>
      <PreferencesFieldset userId={user.id} />
      {changingPassword && <ChangePasswordModal userId={user.id} onClose={() => setChangingPassword(false)} />}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(open) => {
          setConfirmingDelete(open);
          if (!open) setOpenOrders(null);
        }}
        title={openOrders ? 'Você tem pedidos em andamento' : 'Excluir minha conta'}
        message={
          openOrders ??
          'Seus dados pessoais, endereços e pets serão apagados e você sairá da loja. Os pedidos ficam guardados sem seus dados, para a contabilidade. Esta ação não pode ser desfeita.'
        }
        confirmLabel={openOrders ? 'Cancelar pedidos e excluir' : 'Excluir conta'}
        cancelLabel={openOrders ? 'Manter minha conta' : 'Cancelar'}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { userId: user.id, cancelOpenOrders: openOrders !== null },
            {
              onSuccess: () => {
                toast.success('Sua conta foi excluída.');
                // Leave first: ending the session here would swap this page for the login prompt.
                void Promise.resolve(navigate('/', { replace: true })).then(() => {
                  clearSession();
                  queryClient.clear();
                });
              },
              onError: (error) => {
                // The server names the open orders; the customer decides whether to cancel them.
                if (error instanceof ApiError && error.code === 'OPEN_ORDERS') setOpenOrders(error.message);
                else toast.error(messageOf(error, 'Não foi possível excluir sua conta.'));
              },
            },
          )
        }
      />
    </Card>
  );
}
