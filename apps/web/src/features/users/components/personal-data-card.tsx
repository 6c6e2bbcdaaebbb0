import { formatCpf, formatPhone, type PublicUser } from '@petshop/domain';
import { useState } from 'react';
import { Card, DataList } from '../../../components/ui/card';
import { IconButton } from '../../../components/ui/icon-button';
import { EditIcon } from '../../../components/ui/icons';
import { lazyDialog } from '../../../components/ui/modal';

// Shown after a tap: its code (form, masks, dialog) loads then, not with the page.
const EditPersonalDataModal = lazyDialog(() =>
  import('./edit-personal-data-modal').then((module) => module.EditPersonalDataModal),
);

export function PersonalDataCard({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card
      title="Dados pessoais"
      titleId="personal-data-title"
      actions={
        <IconButton aria-label="Editar dados pessoais" onClick={() => setEditing(true)}>
          <EditIcon />
        </IconButton>
      }
    >
      <DataList
        items={[
          { label: 'Nome', value: user.name },
          { label: 'E-mail', value: user.email },
          { label: 'CPF', value: formatCpf(user.cpf) },
          { label: 'Telefone', value: formatPhone(user.phone) },
        ]}
      />
      {editing && <EditPersonalDataModal user={user} onClose={() => setEditing(false)} />}
    </Card>
  );
}
