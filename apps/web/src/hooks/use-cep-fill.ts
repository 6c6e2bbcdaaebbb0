import type { CepView } from '@petshop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { cepQueryOptions } from '../api/cep';
import { ApiError } from '../lib/api-client';

export type CepStatus = 'idle' | 'loading' | 'found' | 'not-found' | 'unavailable';

export const CEP_STATUS_TEXT: Record<CepStatus, string> = {
  idle: '',
  loading: 'Buscando o endereço do CEP...',
  found: 'Endereço preenchido pelo CEP. Confira e informe o número.',
  'not-found': 'CEP não encontrado. Confira o CEP ou preencha o endereço.',
  unavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço.',
};

/**
 * Looks a complete CEP up as it is typed and hands the address to `fill`; when the CEP is unknown
 * or the service is down, the fields stay editable and the status says to fill them by hand.
 * An answer for a CEP the customer has since changed is dropped.
 */
export function useCepFill(fill: (found: CepView) => void) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CepStatus>('idle');
  const current = useRef('');

  const lookUp = async (cep: string) => {
    current.current = cep;
    if (cep.length !== 8) {
      setStatus('idle');
      return;
    }
    setStatus('loading');
    try {
      const found = await queryClient.fetchQuery(cepQueryOptions(cep));
      if (current.current !== cep) return;
      fill(found);
      setStatus('found');
    } catch (error) {
      if (current.current !== cep) return;
      setStatus(error instanceof ApiError && error.status === 404 ? 'not-found' : 'unavailable');
    }
  };

  return { status, lookUp };
}
