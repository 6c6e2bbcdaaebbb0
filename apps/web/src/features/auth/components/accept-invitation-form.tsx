import type { LoginChallenge } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { acceptInvitationMutation } from '../../../api/auth';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { messageOf } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { staffHome } from '../../../lib/staff-home';
import { toast } from '../../../lib/toast';
import { TwoFactorStep } from './two-factor-step';
import './auth-form.css';

/**
 * An invitation to the team sent to an account that exists: nothing changes until the person
 * accepts here. Accepting signs them in (after the login's code step or enrolment when the account
 * needs one) and opens their page.
 */
export function AcceptInvitationForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const accept = useMutation(acceptInvitationMutation());
  const [challenge, setChallenge] = useState<LoginChallenge>();
  const signedIn = () => navigate(staffHome(getSession().user?.role) ?? '/home', { replace: true });

  if (challenge) {
    // The invitation is accepted and the link spent: starting over is the login page.
    return <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onRestart={() => navigate('/login')} />;
  }

  const submit = () =>
    accept.mutate(
      { token },
      {
        onSuccess: (result) => {
          toast.success('Convite aceito. Bem-vindo(a) à equipe!');
          if ('challenge' in result) setChallenge(result);
          else signedIn();
        },
      },
    );

  return (
    <div className="auth-form">
      <p className="auth-form__step-text">
        Você foi convidado(a) para a equipe da loja. Ao aceitar, sua conta passa a ter o perfil e a loja do convite, e
        você continua entrando com o mesmo e-mail e a mesma senha.
      </p>
      <FormAlert message={accept.isError ? messageOf(accept.error, 'Não foi possível aceitar o convite.') : null} />
      <Button fullWidth loading={accept.isPending} onClick={submit}>
        Aceitar convite
      </Button>
      <p className="auth-form__footer">
        Não quer participar? Basta ignorar o e-mail. <Link to="/login">Ir para o login</Link>
      </p>
    </div>
  );
}
