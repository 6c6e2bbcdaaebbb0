import { Link } from 'react-router';
import { PawIcon } from '../../components/ui/icons';
import './site-header.css';

export function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className="site-header__logo">
      <PawIcon size={28} />
      <span>PetCare</span>
    </Link>
  );
}
