import type { LoginChallenge } from '@petshop/domain';

/** The pt-BR message of a 202 that asks for the second step: enrol first, or type the code. */
export const challengeMessage = (challenge: LoginChallenge) =>
  challenge.enrol
    ? 'Configure a verificação em duas etapas para continuar: escaneie o QR code no aplicativo autenticador.'
    : 'Informe o código do aplicativo autenticador.';
