export interface DemoService {
  name: string;
  description: string;
  /** Pequeno, Médio, Grande */
  sizePricesCents: readonly [number, number, number];
  durationMinutes: number;
  employees: readonly DemoEmployee[];
}

export interface DemoEmployee {
  name: string;
  /** digits only, area code included */
  phone: string;
  position: string;
}

export const DEMO_SERVICES: readonly DemoService[] = [
  {
    name: 'Banho',
    description:
      'Banho completo com shampoo neutro, secagem com soprador, escovação, limpeza dos ouvidos e corte de unhas. Finalizamos com perfume suave e lacinho.',
    sizePricesCents: [6000, 7500, 9500],
    durationMinutes: 60,
    employees: [
      { name: 'Juliana Ferreira Alves', phone: '11987654321', position: 'Banhista' },
      { name: 'Diego Nascimento', phone: '11976543210', position: 'Banhista' },
      { name: 'Patrícia Gomes da Silva', phone: '1133224455', position: 'Banhista' },
    ],
  },
  {
    name: 'Tosa',
    description:
      'Tosa na máquina ou na tesoura, de acordo com a raça e a preferência do tutor, com acabamento no rosto, nas patas e na região íntima.',
    sizePricesCents: [7000, 8500, 11000],
    durationMinutes: 60,
    employees: [
      { name: 'Rafael Oliveira Souza', phone: '11965432109', position: 'Tosador' },
      { name: 'Camila Rodrigues', phone: '11954321098', position: 'Tosadora' },
    ],
  },
  {
    name: 'Banho e Tosa',
    description:
      'O pacote completo: banho com hidratação, tosa conforme a raça, limpeza dos ouvidos, corte de unhas e escovação dos dentes.',
    sizePricesCents: [11000, 13500, 16500],
    durationMinutes: 90,
    employees: [
      { name: 'Marcos Vinícius Pereira', phone: '11943210987', position: 'Tosador' },
      { name: 'Aline Cristina Barbosa', phone: '11932109876', position: 'Tosadora' },
    ],
  },
  {
    name: 'Consulta Veterinária',
    description:
      'Consulta clínica geral com avaliação física completa, orientação sobre alimentação e pedido de exames quando necessário.',
    sizePricesCents: [15000, 15000, 15000],
    durationMinutes: 30,
    employees: [
      { name: 'Beatriz Carvalho Lima', phone: '11921098765', position: 'Veterinária' },
      { name: 'Gustavo Henrique Martins', phone: '11910987654', position: 'Veterinário' },
      { name: 'Larissa Monteiro', phone: '1135667788', position: 'Veterinária' },
    ],
  },
  {
    name: 'Vacinação',
    description:
      'Aplicação de vacinas para cães e gatos (V8, V10, antirrábica e quádrupla felina) com registro na carteira de vacinação.',
    sizePricesCents: [9000, 9000, 9000],
    durationMinutes: 30,
    employees: [
      { name: 'Fernanda Ribeiro Santos', phone: '11998877665', position: 'Veterinária' },
      { name: 'Thiago Araújo', phone: '11987766554', position: 'Auxiliar Veterinário' },
    ],
  },
];
