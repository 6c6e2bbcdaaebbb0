import { formatCpf, formatPhone, type PublicUser } from '@petshop/domain';
import { Card, DataList } from '../../../components/ui/card';
import './confirm-data-card.css';

export function ConfirmDataCard({ user }: { user: PublicUser }) {
  return (
    <Card title="Confirme seus dados" titleId="confirm-data-title" className="confirm-data">
      <DataList
        items={[
          { label: 'Nome', value: user.name },
          { label: 'E-mail', value: user.email },
          { label: 'Telefone', value: formatPhone(user.phone) },
          { label: 'CPF', value: formatCpf(user.cpf) },
        ]}
      />
    </Card>
  );
}
