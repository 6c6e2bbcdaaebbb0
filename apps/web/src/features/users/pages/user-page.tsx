import { EmptyState } from '../../../components/ui/empty-state';
import { useSession } from '../../../lib/session';
import { PersonalDataCard } from '../components/personal-data-card';
import { ProfileHeader } from '../components/profile-header';
import './user-page.css';

/** The profile page; each further section (addresses, appointments, orders) is its own card. */
export function UserPage() {
  const { user } = useSession();
  if (!user) return <EmptyState message="Nenhum usuário logado" />;
  return (
    <div className="user-page">
      <ProfileHeader user={user} />
      <PersonalDataCard user={user} />
    </div>
  );
}

export { UserPage as Component };
