import type { PublicUser } from '@petshop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { IconButton } from '../../../components/ui/icon-button';
import { LogoutIcon, ShieldIcon } from '../../../components/ui/icons';
import { clearSession } from '../../../lib/session';
import './profile-header.css';

export function ProfileHeader({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = () => {
    // Leave first so the guarded page does not flash its access-required screen.
    void Promise.resolve(navigate('/login')).then(() => {
      clearSession();
      queryClient.clear();
    });
  };

  return (
    <section className="profile-header" aria-label="Perfil">
      <img
        className="profile-header__avatar"
        src={user.photoURL || '/avatar-default.svg'}
        alt=""
        width={96}
        height={96}
        referrerPolicy="no-referrer"
      />
      <div className="profile-header__identity">
        <h1 className="profile-header__name">{user.name}</h1>
        {user.role === 'admin' && (
          <ButtonLink to="/admin" variant="secondary">
            <ShieldIcon size={18} />
            Acessar painel de administração
          </ButtonLink>
        )}
      </div>
      <IconButton aria-label="Sair" variant="danger" onClick={logout}>
        <LogoutIcon size={24} />
      </IconButton>
    </section>
  );
}
