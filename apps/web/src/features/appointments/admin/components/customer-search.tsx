import { formatPhone, type PublicUser } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { customerSearchQueryOptions } from '../../../../api/staff-booking';
import { Button } from '../../../../components/ui/button';
import { messageOf } from '../../../../lib/api-client';
import './customer-search.css';

const SETTLE_MS = 300;

/** Finds a customer by name, CPF, phone or e-mail as the receptionist types; a click picks one. */
export function CustomerSearch({ onPick }: { onPick: (customer: PublicUser) => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(typed.trim()), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const found = useQuery(customerSearchQueryOptions(term));
  const list = found.data ?? [];

  return (
    <section className="customer-search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="customer-search__title">
        1. Cliente
      </h2>
      <search>
        <label htmlFor={id} className="customer-search__label">
          Buscar cliente
        </label>
        <input
          id={id}
          className="customer-search__input"
          type="search"
          maxLength={100}
          autoComplete="off"
          placeholder="Nome, CPF, telefone ou e-mail"
          aria-describedby={`${id}-status`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </search>
      <div id={`${id}-status`} className="customer-search__status" role="status" aria-live="polite">
        {term.length < 2
          ? 'Digite ao menos 2 letras ou números.'
          : found.isPending
            ? 'Buscando...'
            : found.isError
              ? messageOf(found.error, 'Erro ao buscar clientes.')
              : list.length === 0
                ? 'Nenhum cliente encontrado.'
                : `${list.length} ${list.length === 1 ? 'cliente encontrado' : 'clientes encontrados'}.`}
      </div>
      {found.isError && (
        <Button variant="secondary" onClick={() => void found.refetch()}>
          Tentar novamente
        </Button>
      )}
      {term.length >= 2 && list.length > 0 && (
        <ul className="customer-search__results">
          {list.map((customer) => (
            <li key={customer.id}>
              <button type="button" className="customer-search__result" onClick={() => onPick(customer)}>
                <strong>{customer.name}</strong>
                <span>{formatPhone(customer.phone)}</span>
                <span className="customer-search__email">{customer.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
