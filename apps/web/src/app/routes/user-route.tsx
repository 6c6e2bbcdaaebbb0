import { isStaffRole } from '@petshop/domain';
import { lazy, Suspense } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { AccountCard } from '../../features/account/components/account-card';
import { AddressesCard } from '../../features/addresses/components/addresses-card';
import { AppointmentsCard } from '../../features/appointments/components/appointments-card';
import { OrdersCard } from '../../features/orders/components/orders-card';
import { PersonalDataCard } from '../../features/users/components/personal-data-card';
import { ProfileHeader } from '../../features/users/components/profile-header';
import { useSession } from '../../lib/session';
import './user-route.css';

// Staff only: its code loads for them, never with a customer's page.
const TwoFactorCard = lazy(() =>
  import('../../features/account/components/two-factor-card').then((module) => ({ default: module.TwoFactorCard })),
);

/**
 * /user composes cards from several features (features never import each other): profile and
 * personal data, then saved addresses, appointments and orders, each a card of its own feature.
 */
export function UserPage() {
  const { user } = useSession();
  if (!user) return <EmptyState message="Nenhum usuário logado" />;
  return (
    <div className="user-route">
      <ProfileHeader user={user} />
      <PersonalDataCard user={user} />
      <AddressesCard />
      <AppointmentsCard />
      <OrdersCard />
      {isStaffRole(user.role) && (
        <Suspense fallback={null}>
          <TwoFactorCard />
        </Suspense>
      )}
      <AccountCard user={user} />
    </div>
  );
}

export { UserPage as Component };
