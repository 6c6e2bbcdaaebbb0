import type { TwoFactorSetup } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  disableTwoFactorMutation,
  enableTwoFactorMutation,
  setUpTwoFactorMutation,
  twoFactorStatusQueryOptions,
} from '../../../api/two-factor';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { RecoveryCodes } from '../../../components/ui/recovery-codes';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import './two-factor-card.css';

const keyOf = (otpauthUrl: string) => new URL(otpauthUrl).searchParams.get('secret') ?? '';

/** Scan, then the first code: two-factor turns on and the recovery codes show once. */
function Enrolment({ setup, onCancel }: { setup: TwoFactorSetup; onCancel: () => void }) {
  const enable = useMutation(enableTwoFactorMutation());
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const fieldError =
    enable.error instanceof ApiError ? enable.error.details?.find((d) => d.field === 'code')?.message : undefined;

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        doneLabel="Já guardei os códigos"
        onDone={() => {
          setCodes(undefined);
          onCancel();
        }}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        toast.success('Verificação em duas etapas ativada!');
        setCodes(recoveryCodes);
      },
    });
  };
  return (
    <form className="two-factor-card__enrol" onSubmit={submit} noValidate>
      <ol className="two-factor-card__steps">
        <li>Instale um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Escaneie o QR code com ele.</li>
        <li>Digite o código de 6 dígitos que aparecer.</li>
      </ol>
      <img
        className="two-factor-card__qr"
        src={setup.qrCode}
        alt="QR code para o aplicativo autenticador"
        width={200}
        height={200}
      />
      <details>
        <summary>Não consigo escanear</summary>
        <p>
          Digite esta chave no aplicativo: <code className="two-factor-card__key">{keyOf(setup.otpauthUrl)}</code>
        </p>
      </details>
      <TextField
        label="Código do aplicativo"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onValueChange={setCode}
        error={fieldError}
      />
      <FormAlert message={enable.isError && !fieldError ? messageOf(enable.error, 'Não foi possível ativar.') : null} />
      <div className="two-factor-card__actions">
        <Button type="submit" loading={enable.isPending}>
          Ativar
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Desativar': asks for a code from the app (or a recovery code) and says, where the role needs it,
 * that the next sign-in sets it up again.
 */
function DisableDialog({ required, onClose }: { required: boolean; onClose: () => void }) {
  const disable = useMutation(disableTwoFactorMutation());
  const [code, setCode] = useState('');
  const fieldError =
    disable.error instanceof ApiError ? disable.error.details?.find((d) => d.field === 'code')?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(code, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Verificação em duas etapas desativada.');
        onClose();
      },
    });
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Desativar a verificação em duas etapas?"
      description={
        required
          ? 'Ela é obrigatória para o seu perfil: no próximo login você vai configurá-la de novo.'
          : 'Ao entrar, a sua conta vai pedir só a senha.'
      }
      size="small"
    >
      <form className="two-factor-card__enrol" onSubmit={submit} noValidate>
        <TextField
          label="Código do aplicativo ou de recuperação"
          name="code"
          autoComplete="one-time-code"
          maxLength={40}
          value={code}
          onValueChange={setCode}
          error={fieldError}
        />
        <FormAlert
          message={disable.isError && !fieldError ? messageOf(disable.error, 'Não foi possível desativar.') : null}
        />
        <div className="two-factor-card__actions">
          <Button type="submit" variant="danger" loading={disable.isPending}>
            Desativar
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={disable.isPending}>
            Cancelar
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Staff's account: sign in with a code from the phone (TOTP), set up here. */
export function TwoFactorCard() {
  const status = useQuery(twoFactorStatusQueryOptions());
  const setUp = useMutation(setUpTwoFactorMutation());
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [disabling, setDisabling] = useState(false);

  let body: ReactNode;
  if (status.isPending) body = <LoadingState />;
  else if (status.isError)
    body = (
      <div className="two-factor-card__error">
        <FormAlert message={messageOf(status.error, 'Erro ao carregar a verificação em duas etapas.')} />
        <Button variant="secondary" onClick={() => status.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  else if (setup) body = <Enrolment setup={setup} onCancel={() => setSetup(undefined)} />;
  else if (status.data.enabled)
    body = (
      <>
        <p className="two-factor-card__state" role="status">
          <strong>Ativa.</strong> Ao entrar, você informa um código do aplicativo. Códigos de recuperação restantes:{' '}
          {status.data.recoveryCodesLeft}.
        </p>
        <Button variant="secondary" onClick={() => setDisabling(true)}>
          Desativar
        </Button>
        {disabling && <DisableDialog required={status.data.required} onClose={() => setDisabling(false)} />}
      </>
    );
  else
    body = (
      <>
        <p className="two-factor-card__state">
          {status.data.required
            ? 'Obrigatória para administradores e gerentes: configure agora.'
            : 'Desativada. Com ela, entrar pede também um código do seu celular.'}
        </p>
        <FormAlert message={setUp.isError ? messageOf(setUp.error, 'Não foi possível gerar o QR code.') : null} />
        <Button loading={setUp.isPending} onClick={() => setUp.mutate(undefined, { onSuccess: setSetup })}>
          Configurar
        </Button>
      </>
    );

  return (
    <Card title="Verificação em duas etapas" titleId="two-factor-title" className="two-factor-card">
      <div id="two-factor">{body}</div>
    </Card>
  );
}
