import type { LoginChallenge } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { verifyTwoFactorMutation } from '../../../api/auth';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { RecoveryCodes } from '../../../components/ui/recovery-codes';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import './auth-form.css';

/** The key inside the otpauth address, for typing into an app that cannot scan. */
const keyOf = (otpauthUrl: string) => new URL(otpauthUrl).searchParams.get('secret') ?? '';

/**
 * The sign-in's code step: a code from the authenticator app (or a recovery code) answers the
 * challenge. With `enrol` the account must set two-factor up first: the QR to scan comes before the
 * code, and the recovery codes after it.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: LoginChallenge;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const verify = useMutation(verifyTwoFactorMutation());
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const { enrol } = challenge;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed.length < 6) {
      setFieldError(
        enrol
          ? 'Informe o código de 6 dígitos do aplicativo.'
          : 'Informe o código de 6 dígitos ou um código de recuperação.',
      );
      return;
    }
    setFieldError(undefined);
    verify.mutate(
      { challenge: challenge.challenge, code: typed },
      {
        onSuccess: (session) => (session.recoveryCodes ? setRecoveryCodes(session.recoveryCodes) : onSignedIn()),
        onError: () => setCode(''),
      },
    );
  };

  if (recoveryCodes) {
    return <RecoveryCodes codes={recoveryCodes} onDone={onSignedIn} doneLabel="Já guardei, continuar" />;
  }

  const expired = verify.isError && /tempo|de novo com e-mail/i.test(messageOf(verify.error, ''));
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="auth-form__step-title">
        {enrol ? 'Configure a verificação em duas etapas' : 'Verificação em duas etapas'}
      </h2>
      {enrol ? (
        <>
          <p className="auth-form__step-text">
            Sua conta precisa de um segundo passo para entrar. Escaneie o QR code com um aplicativo autenticador (Google
            Authenticator, Microsoft Authenticator, 1Password…) e digite o código que ele mostrar.
          </p>
          <img
            className="auth-form__qr"
            src={enrol.qrCode}
            alt="QR code para o aplicativo autenticador"
            width={200}
            height={200}
          />
          <details className="auth-form__key">
            <summary>Não consigo escanear</summary>
            <p>
              Digite esta chave no aplicativo: <code>{keyOf(enrol.otpauthUrl)}</code>
            </p>
          </details>
        </>
      ) : (
        <p className="auth-form__step-text">
          Abra o aplicativo autenticador e digite o código de 6 dígitos desta conta.
        </p>
      )}
      <TextField
        label="Código"
        name="code"
        inputMode={enrol ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoFocus
        maxLength={16}
        value={code}
        onValueChange={setCode}
        error={fieldError}
        hint={enrol ? undefined : 'Sem o celular? Use um dos códigos de recuperação.'}
      />
      <FormAlert message={verify.isError ? messageOf(verify.error, 'Não foi possível verificar o código.') : null} />
      <Button type="submit" fullWidth loading={verify.isPending}>
        {enrol ? 'Ativar e entrar' : 'Verificar'}
      </Button>
      <Button variant={expired ? 'primary' : 'secondary'} fullWidth onClick={onRestart}>
        Voltar e entrar de novo
      </Button>
    </form>
  );
}
