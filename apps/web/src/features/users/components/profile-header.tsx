import { type PublicUser, ROLES } from '@petshop/domain';
import { ButtonLink } from '../../../components/ui/button-link';
import { IconButton } from '../../../components/ui/icon-button';
import { LogoutIcon, ShieldIcon } from '../../../components/ui/icons';
import { useLogout } from '../../../hooks/use-logout';
import './profile-header.css';

export function ProfileHeader({ user }: { user: PublicUser }) {
  const logout = useLogout();

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
        {user.role === ROLES.admin && (
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
