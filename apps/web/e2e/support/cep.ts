/** The one CEP the CEP stand-in of the browser tests knows (BrasilAPI v2 shape). */
export const E2E_CEP = {
  cep: '20040002',
  state: 'RJ',
  city: 'Rio de Janeiro',
  neighborhood: 'Centro',
  street: 'Avenida Rio Branco',
};
