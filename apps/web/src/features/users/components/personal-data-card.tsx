import { formatCpf, formatPhone, type PublicUser } from '@petshop/domain';
import { useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { EditIcon } from '../../../components/ui/icons';
import { EditPersonalDataModal } from './edit-personal-data-modal';
import './user-card.css';

export function PersonalDataCard({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <section className="user-card" aria-labelledby="personal-data-title">
      <div className="user-card__header">
        <h2 id="personal-data-title" className="user-card__title">
          Dados pessoais
        </h2>
        <IconButton aria-label="Editar dados pessoais" onClick={() => setEditing(true)}>
          <EditIcon />
        </IconButton>
      </div>
      <dl className="user-card__data">
        <div>
          <dt>Nome</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>CPF</dt>
          <dd>{formatCpf(user.cpf)}</dd>
        </div>
        <div>
          <dt>Telefone</dt>
          <dd>{formatPhone(user.phone)}</dd>
        </div>
      </dl>
      {editing && <EditPersonalDataModal user={user} onClose={() => setEditing(false)} />}
    </section>
  );
}
