import type { Supplier } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { saveSupplierMutation, suppliersQueryOptions } from '../../../../api/inventory';
import { Button } from '../../../../components/ui/button';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextField } from '../../../../components/ui/text-field';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { QueryState } from './query-state';

const columns: Column<Supplier>[] = [
  { label: 'Fornecedor', cell: (s) => s.name },
  { label: 'CNPJ', cell: (s) => s.cnpj },
  { label: 'Contato', cell: (s) => s.contact || '—' },
];

/** Suppliers: the CNPJ may carry letters (the Receita Federal's new format). */
export function SuppliersPanel() {
  const suppliers = useQuery(suppliersQueryOptions());
  const save = useMutation(saveSupplierMutation());
  const [editing, setEditing] = useState<Supplier | undefined>();
  const [name, setName] = useState('');
  const [cnpj, setCnpj] = useState('');
  const [contact, setContact] = useState('');
  const edit = (supplier: Supplier | undefined) => {
    setEditing(supplier);
    setName(supplier?.name ?? '');
    setCnpj(supplier?.cnpj ?? '');
    setContact(supplier?.contact ?? '');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: editing?.id, body: { name, cnpj, contact } },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Fornecedor salvo.');
          edit(undefined);
        },
      },
    );
  };
  return (
    <section aria-labelledby="stock-suppliers-title" className="stock-admin__section">
      <h2 id="stock-suppliers-title">Fornecedores</h2>
      <form
        className="stock-admin__form"
        onSubmit={submit}
        aria-label={editing ? `Editar ${editing.name}` : 'Novo fornecedor'}
      >
        <TextField label="Nome" required maxLength={120} value={name} onValueChange={setName} />
        <TextField
          label="CNPJ"
          required
          maxLength={18}
          hint="Letras permitidas: 12.ABC.345/01DE-35"
          value={cnpj}
          onValueChange={(v) => setCnpj(v.toUpperCase())}
        />
        <TextField label="Contato" maxLength={255} value={contact} onValueChange={setContact} />
        {save.isError && <FormAlert message={messageOf(save.error, 'Não foi possível salvar o fornecedor.')} />}
        <Button type="submit" loading={save.isPending}>
          {editing ? 'Salvar fornecedor' : 'Cadastrar fornecedor'}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={() => edit(undefined)}>
            Cancelar edição
          </Button>
        )}
      </form>
      <QueryState
        query={suppliers}
        isEmpty={(suppliers.data ?? []).length === 0}
        errorMessage="Erro ao buscar os fornecedores."
        emptyMessage="Nenhum fornecedor cadastrado."
      >
        <DataTable
          caption="Fornecedores"
          rows={suppliers.data ?? []}
          rowKey={(s) => s.id}
          columns={columns}
          actions={(s) => (
            <Button variant="secondary" aria-label={`Editar ${s.name}`} onClick={() => edit(s)}>
              Editar
            </Button>
          )}
        />
      </QueryState>
    </section>
  );
}
