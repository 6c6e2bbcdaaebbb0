import { formatCpf, formatPhone, type PublicUser } from '@petshop/domain';
import './confirm-data-card.css';

export function ConfirmDataCard({ user }: { user: PublicUser }) {
  return (
    <section className="confirm-data" aria-labelledby="confirm-data-title">
      <h2 id="confirm-data-title" className="confirm-data__title">
        Confirme seus dados
      </h2>
      <dl className="confirm-data__list">
        <div>
          <dt>Nome</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Telefone</dt>
          <dd>{formatPhone(user.phone)}</dd>
        </div>
        <div>
          <dt>CPF</dt>
          <dd>{formatCpf(user.cpf)}</dd>
        </div>
      </dl>
    </section>
  );
}
