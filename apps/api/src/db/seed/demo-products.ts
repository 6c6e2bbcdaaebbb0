import type { CATEGORY_NAMES, SPECIES_NAMES } from './reference';

export interface DemoProduct {
  /** image file name in the web app's public/products folder, without '.svg' */
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  category: (typeof CATEGORY_NAMES)[number];
  species: (typeof SPECIES_NAMES)[number];
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // Rações
  {
    slug: 'racao-caes-adultos',
    name: 'Ração Premium para Cães Adultos 15 kg',
    description:
      'Ração super premium para cães adultos de porte médio e grande, feita com carne de frango e arroz integral. Rica em ômega 3 e 6 para pelos brilhantes, com fibras naturais que ajudam a digestão e sem corantes artificiais. Embalagem com fecho abre e fecha.',
    priceCents: 24990,
    stock: 18,
    category: 'Rações',
    species: 'Cachorro',
  },
  {
    slug: 'racao-filhotes',
    name: 'Ração para Filhotes de Raças Pequenas 3 kg',
    description:
      'Grãos pequenos e crocantes, pensados para a mordida dos filhotes. Com DHA para o desenvolvimento do cérebro e cálcio na medida certa para ossos fortes.',
    priceCents: 8990,
    stock: 35,
    category: 'Rações',
    species: 'Cachorro',
  },
  {
    slug: 'racao-gatos-castrados',
    name: 'Ração Seca para Gatos Castrados 10 kg',
    description:
      'Fórmula com menos calorias e mais proteína para manter o peso ideal dos gatos castrados. Ajuda a saúde do trato urinário e reduz o odor das fezes.',
    priceCents: 21990,
    stock: 22,
    category: 'Rações',
    species: 'Gato',
  },
  {
    slug: 'racao-umida-gatos',
    name: 'Ração Úmida para Gatos Patê de Atum 280 g',
    description:
      'Patê macio de atum em lata, completo e balanceado. Ótimo para aumentar a ingestão de água do seu gato.',
    priceCents: 1290,
    stock: 60,
    category: 'Rações',
    species: 'Gato',
  },
  {
    slug: 'racao-coelhos',
    name: 'Ração para Coelhos com Alfafa 1,5 kg',
    description:
      'Pellets ricos em fibras de alfafa e feno, que ajudam o desgaste natural dos dentes e o bom funcionamento do intestino. Sem sementes nem açúcares adicionados.',
    priceCents: 4290,
    stock: 27,
    category: 'Rações',
    species: 'Coelho',
  },
  {
    slug: 'racao-flocos-peixes',
    name: 'Ração em Flocos para Peixes Tropicais 50 g',
    description:
      'Flocos que flutuam e afundam devagar, para peixes de todas as alturas do aquário. Realçam as cores e não turvam a água.',
    priceCents: 1890,
    stock: 44,
    category: 'Rações',
    species: 'Peixe',
  },
  {
    slug: 'racao-calopsitas',
    name: 'Ração Extrusada para Calopsitas 350 g',
    description:
      'Alimento completo em pedacinhos coloridos com frutas e vegetais. Substitui a mistura de sementes e evita que a ave escolha só o que gosta.',
    priceCents: 2990,
    stock: 31,
    category: 'Rações',
    species: 'Pássaro',
  },
  {
    slug: 'racao-tartarugas',
    name: 'Ração para Tartarugas Aquáticas 75 g',
    description:
      'Palitos flutuantes com camarão e cálcio para cascos fortes. Indicada para tigres-d’água e outras tartarugas aquáticas de todas as idades.',
    priceCents: 2190,
    stock: 16,
    category: 'Rações',
    species: 'Réptil',
  },
  {
    slug: 'racao-hamster',
    name: 'Ração para Hamster com Frutas 500 g',
    description:
      'Mistura de cereais, sementes, frutas desidratadas e pellets proteicos. Estimula o hábito natural de procurar e guardar comida.',
    priceCents: 2490,
    stock: 40,
    category: 'Rações',
    species: 'Hamster',
  },
  {
    slug: 'alpiste',
    name: 'Alpiste Selecionado 1 kg',
    description: 'Alpiste limpo e selecionado, sem pó nem impurezas, para canários, periquitos e outros pássaros.',
    priceCents: 1490,
    stock: 50,
    category: 'Rações',
    species: 'Pássaro',
  },
  {
    slug: 'feno-timothy',
    name: 'Feno de Capim Timothy 500 g',
    description:
      'Feno verde e cheiroso, base da alimentação de coelhos, chinchilas e porquinhos-da-índia. Deve estar sempre à vontade no recinto.',
    priceCents: 3490,
    stock: 3,
    category: 'Rações',
    species: 'Coelho',
  },
  // Petiscos
  {
    slug: 'petisco-osso-couro',
    name: 'Petisco Osso Natural de Couro',
    description:
      'Osso de couro bovino prensado que mantém o cão entretido por horas. Ajuda a limpar os dentes e a aliviar a ansiedade.',
    priceCents: 1990,
    stock: 45,
    category: 'Petiscos',
    species: 'Cachorro',
  },
  {
    slug: 'petisco-bifinho',
    name: 'Petisco Bifinho Sabor Carne 65 g',
    description: 'Tirinhas macias sabor carne, ideais como recompensa no adestramento.',
    priceCents: 990,
    stock: 58,
    category: 'Petiscos',
    species: 'Cachorro',
  },
  {
    slug: 'petisco-cremoso-gatos',
    name: 'Petisco Cremoso para Gatos Sabor Salmão',
    description:
      'Sachês de petisco cremoso para oferecer direto na mão ou por cima da ração. Embalagem com 4 unidades de 15 g, irresistível até para os gatos mais exigentes da casa.',
    priceCents: 1690,
    stock: 38,
    category: 'Petiscos',
    species: 'Gato',
  },
  {
    slug: 'petisco-crocante-gatos',
    name: 'Petisco Crocante para Gatos Sabor Frango 40 g',
    description: 'Bolinhas crocantes por fora e recheadas por dentro. Com taurina e sem corantes.',
    priceCents: 890,
    stock: 2,
    category: 'Petiscos',
    species: 'Gato',
  },
  {
    slug: 'petisco-cenoura',
    name: 'Petisco de Cenoura Desidratada 100 g',
    description: 'Rodelas de cenoura desidratada, sem conservantes, para coelhos e porquinhos-da-índia.',
    priceCents: 1590,
    stock: 24,
    category: 'Petiscos',
    species: 'Coelho',
  },
  {
    slug: 'petisco-bastao-mel',
    name: 'Petisco Bastão de Sementes com Mel',
    description:
      'Bastão de sementes unidas com mel para pendurar na gaiola. Distrai o pássaro e complementa a alimentação.',
    priceCents: 1190,
    stock: 33,
    category: 'Petiscos',
    species: 'Pássaro',
  },
  {
    slug: 'petisco-grilos',
    name: 'Petisco Grilos Desidratados para Répteis 30 g',
    description:
      'Grilos inteiros desidratados, fonte natural de proteína para jabutis, dragões-barbudos, lagartixas e tartarugas. Podem ser hidratados em água morna antes de servir.',
    priceCents: 2790,
    stock: 12,
    category: 'Petiscos',
    species: 'Réptil',
  },
  {
    slug: 'petisco-bastao-frutas',
    name: 'Petisco Bastão de Frutas para Hamster',
    description: 'Bastão crocante com maçã, banana e mamão, que ajuda no desgaste dos dentes.',
    priceCents: 1090,
    stock: 29,
    category: 'Petiscos',
    species: 'Hamster',
  },
  {
    slug: 'petisco-artemia',
    name: 'Petisco Artêmia Desidratada para Peixes 20 g',
    description:
      'Artêmia desidratada rica em proteína, para variar o cardápio de peixes tropicais e de água fria. Ofereça duas vezes por semana.',
    priceCents: 1790,
    stock: 21,
    category: 'Petiscos',
    species: 'Peixe',
  },
  // Brinquedos
  {
    slug: 'bola-borracha',
    name: 'Bola de Borracha Maciça',
    description: 'Bola de borracha natural, resistente e que quica de um jeito imprevisível. Boia na água.',
    priceCents: 2490,
    stock: 47,
    category: 'Brinquedos',
    species: 'Cachorro',
  },
  {
    slug: 'corda-cabo-de-guerra',
    name: 'Corda de Algodão para Cabo de Guerra',
    description:
      'Corda trançada de algodão com dois nós, para brincar de puxar. As fibras funcionam como fio dental enquanto o cão morde.',
    priceCents: 2990,
    stock: 26,
    category: 'Brinquedos',
    species: 'Cachorro',
  },
  {
    slug: 'arranhador-torre',
    name: 'Arranhador Torre com Plataforma',
    description:
      'Arranhador com poste de sisal natural, base firme e plataforma acolchoada no alto para o gato descansar. Acompanha bolinha pendurada, estimula o exercício diário e protege sofás, cortinas e outros móveis das unhas.',
    priceCents: 18990,
    stock: 9,
    category: 'Brinquedos',
    species: 'Gato',
  },
  {
    slug: 'varinha-penas',
    name: 'Varinha com Penas para Gatos',
    description: 'Varinha flexível com penas coloridas na ponta que desperta o instinto caçador do gato.',
    priceCents: 1990,
    stock: 36,
    category: 'Brinquedos',
    species: 'Gato',
  },
  {
    slug: 'ratinho-catnip',
    name: 'Ratinho de Pelúcia com Catnip',
    description:
      'Ratinho macio recheado com catnip, a erva-dos-gatos. Leve para bater com a pata e carregar pela casa.',
    priceCents: 1290,
    stock: 52,
    category: 'Brinquedos',
    species: 'Gato',
  },
  {
    slug: 'tunel-palha',
    name: 'Túnel de Palha para Coelhos',
    description:
      'Túnel trançado à mão com palha natural, para o coelho se esconder, correr e roer com segurança. Dobrável para guardar.',
    priceCents: 4990,
    stock: 11,
    category: 'Brinquedos',
    species: 'Coelho',
  },
  {
    slug: 'roda-exercicio',
    name: 'Roda de Exercício Silenciosa 21 cm',
    description:
      'Roda com eixo de rolamento que não faz barulho à noite e piso contínuo que protege as patinhas. Pode ser fixada na grade ou usada solta no chão da gaiola.',
    priceCents: 5490,
    stock: 14,
    category: 'Brinquedos',
    species: 'Hamster',
  },
  {
    slug: 'bola-exercicio-hamster',
    name: 'Bola de Exercício para Hamster 18 cm',
    description: 'Bola transparente e ventilada para o hamster passear pela casa em segurança, sempre com supervisão.',
    priceCents: 3490,
    stock: 19,
    category: 'Brinquedos',
    species: 'Hamster',
  },
  {
    slug: 'balanco-passaros',
    name: 'Balanço com Sininho para Pássaros',
    description: 'Balanço de madeira com contas coloridas e sininho, para calopsitas, periquitos e agapornis.',
    priceCents: 2290,
    stock: 23,
    category: 'Brinquedos',
    species: 'Pássaro',
  },
  {
    slug: 'enfeite-castelo',
    name: 'Enfeite de Aquário Castelo',
    description:
      'Castelo de resina atóxica com passagens para os peixes se esconderem e explorarem. Não altera o pH da água.',
    priceCents: 3990,
    stock: 15,
    category: 'Brinquedos',
    species: 'Peixe',
  },
  // Higiene e Beleza
  {
    slug: 'shampoo-neutro',
    name: 'Shampoo Neutro para Cães e Gatos 500 ml',
    description:
      'Shampoo de pH balanceado com extrato de aveia, que limpa sem ressecar e deixa um perfume suave. Indicado para peles sensíveis e uso frequente.',
    priceCents: 3290,
    stock: 42,
    category: 'Higiene e Beleza',
    species: 'Cachorro',
  },
  {
    slug: 'condicionador-pelos-longos',
    name: 'Condicionador Hidratante para Pelos Longos 300 ml',
    description: 'Desembaraça, hidrata e reduz os nós dos pelos longos. Com óleo de argan e sem parabenos.',
    priceCents: 3690,
    stock: 20,
    category: 'Higiene e Beleza',
    species: 'Gato',
  },
  {
    slug: 'escova-rasqueadeira',
    name: 'Escova Rasqueadeira Autolimpante',
    description:
      'Cerdas finas de aço que removem os pelos mortos e os nós. Um botão recolhe as cerdas e solta todo o pelo de uma vez.',
    priceCents: 4490,
    stock: 17,
    category: 'Higiene e Beleza',
    species: 'Cachorro',
  },
  {
    slug: 'areia-silica',
    name: 'Areia Higiênica de Sílica para Gatos 1,8 kg',
    description:
      'Cristais de sílica que absorvem a urina e prendem o odor por até 30 dias. Não gruda nas patas e dura mais que a areia comum.',
    priceCents: 3990,
    stock: 34,
    category: 'Higiene e Beleza',
    species: 'Gato',
  },
  {
    slug: 'tapete-higienico',
    name: 'Tapete Higiênico para Cães com 30 Unidades',
    description:
      'Tapetes com gel superabsorvente e atrativo que ensina o filhote onde fazer as necessidades. Bordas seladas evitam vazamentos e o piso fica seco.',
    priceCents: 6990,
    stock: 28,
    category: 'Higiene e Beleza',
    species: 'Cachorro',
  },
  {
    slug: 'banheira-passaros',
    name: 'Banheira para Pássaros',
    description: 'Banheira de encaixar na porta da gaiola, com laterais transparentes que seguram os respingos.',
    priceCents: 1890,
    stock: 25,
    category: 'Higiene e Beleza',
    species: 'Pássaro',
  },
  {
    slug: 'condicionador-agua-aquario',
    name: 'Condicionador de Água para Aquários 100 ml',
    description:
      'Neutraliza o cloro e os metais pesados da água da torneira, deixando-a pronta para os peixes em poucos minutos.',
    priceCents: 1990,
    stock: 30,
    category: 'Higiene e Beleza',
    species: 'Peixe',
  },
  {
    slug: 'areia-banho-chinchila',
    name: 'Areia para Banho de Roedores 1 kg',
    description: 'Pó fino de origem vulcânica para o banho a seco de hamsters, gerbils e chinchilas.',
    priceCents: 2290,
    stock: 18,
    category: 'Higiene e Beleza',
    species: 'Hamster',
  },
  // Acessórios
  {
    slug: 'coleira-nylon',
    name: 'Coleira Ajustável de Nylon',
    description: 'Coleira de nylon resistente com fivela de engate rápido e argola de metal para a guia e a plaquinha.',
    priceCents: 2790,
    stock: 39,
    category: 'Acessórios',
    species: 'Cachorro',
  },
  {
    slug: 'guia-retratil',
    name: 'Guia Retrátil 5 m',
    description:
      'Guia com fita retrátil de 5 metros, trava de um toque e empunhadura anatômica. Suporta cães de até 25 kg.',
    priceCents: 7990,
    stock: 13,
    category: 'Acessórios',
    species: 'Cachorro',
  },
  {
    slug: 'comedouro-duplo',
    name: 'Comedouro Duplo de Inox',
    description:
      'Dois potes de aço inox removíveis em base elevada antiderrapante, um para a ração e outro para a água.',
    priceCents: 4590,
    stock: 21,
    category: 'Acessórios',
    species: 'Gato',
  },
  {
    slug: 'caixa-transporte',
    name: 'Caixa de Transporte para Cães e Gatos',
    description:
      'Caixa de transporte de plástico resistente com porta de grade, travas laterais e alça no alto. Aprovada para viagens de carro e de avião em cabine.',
    priceCents: 11990,
    stock: 10,
    category: 'Acessórios',
    species: 'Gato',
  },
  {
    slug: 'aquario-40-litros',
    name: 'Aquário de Vidro 40 Litros com Tampa',
    description:
      'Aquário de vidro com bordas coladas em silicone, tampa com iluminação de LED e passagem para o filtro. Um ótimo começo para peixes tropicais, com espaço de sobra para plantas, enfeites, termostato e um pequeno cardume.',
    priceCents: 32990,
    stock: 3,
    category: 'Acessórios',
    species: 'Peixe',
  },
  {
    slug: 'filtro-externo',
    name: 'Filtro Externo para Aquário 400 L/h',
    description: 'Filtro de três estágios, mecânico, químico e biológico, para aquários de até 100 litros.',
    priceCents: 14990,
    stock: 8,
    category: 'Acessórios',
    species: 'Peixe',
  },
  {
    slug: 'gaiola-calopsita',
    name: 'Gaiola para Calopsita com Poleiros',
    description:
      'Gaiola de arame pintado com teto arredondado, dois poleiros de madeira, comedouros e bandeja removível para a limpeza.',
    priceCents: 25990,
    stock: 2,
    category: 'Acessórios',
    species: 'Pássaro',
  },
  {
    slug: 'gaiola-hamster',
    name: 'Gaiola para Hamster com Dois Andares',
    description:
      'Gaiola com base funda que segura a maravalha, dois andares ligados por escada e bebedouro incluído. As grades são próximas para que o hamster não escape.',
    priceCents: 18990,
    stock: 7,
    category: 'Acessórios',
    species: 'Hamster',
  },
  {
    slug: 'terrario-vidro',
    name: 'Terrário de Vidro 60 x 30 x 30 cm',
    description:
      'Terrário com portas frontais de abertura independente, tampa de tela metálica para ventilação e espaço para lâmpada de aquecimento. Ideal para geckos, lagartos pequenos e serpentes, com fundo reforçado que aguenta substrato, pedras e troncos.',
    priceCents: 44990,
    stock: 4,
    category: 'Acessórios',
    species: 'Réptil',
  },
  {
    slug: 'lampada-aquecimento',
    name: 'Lâmpada de Aquecimento para Terrário 50 W',
    description: 'Lâmpada de luz concentrada que cria um ponto de calor para o réptil se aquecer.',
    priceCents: 5990,
    stock: 15,
    category: 'Acessórios',
    species: 'Réptil',
  },
  {
    slug: 'bebedouro-coelhos',
    name: 'Bebedouro para Coelhos 500 ml',
    description: 'Bebedouro de bico com esfera de inox que não pinga. Fixa na grade com suporte de arame.',
    priceCents: 2490,
    stock: 32,
    category: 'Acessórios',
    species: 'Coelho',
  },
  // Farmácia
  {
    slug: 'antipulgas-caes',
    name: 'Antipulgas e Carrapatos para Cães de 10 a 25 kg',
    description:
      'Pipetas de aplicação na nuca que protegem contra pulgas e carrapatos por 30 dias. Caixa com 3 pipetas, resistente a banhos depois de 48 horas. Consulte o veterinário antes de usar em filhotes, fêmeas gestantes ou cães idosos.',
    priceCents: 8990,
    stock: 24,
    category: 'Farmácia',
    species: 'Cachorro',
  },
  {
    slug: 'vermifugo-gatos',
    name: 'Vermífugo para Gatos com 2 Comprimidos',
    description: 'Vermífugo de amplo espectro em comprimidos palatáveis. Dose única a cada três meses.',
    priceCents: 2990,
    stock: 30,
    category: 'Farmácia',
    species: 'Gato',
  },
  {
    slug: 'suplemento-passaros',
    name: 'Suplemento Vitamínico para Pássaros 20 ml',
    description: 'Vitaminas e aminoácidos em gotas para misturar na água, ótimo na época da muda das penas.',
    priceCents: 2390,
    stock: 26,
    category: 'Farmácia',
    species: 'Pássaro',
  },
  {
    slug: 'vitamina-c-coelhos',
    name: 'Vitamina C em Gotas para Coelhos 15 ml',
    description: 'Suplemento de vitamina C para coelhos e porquinhos-da-índia, que fortalece a imunidade.',
    priceCents: 2690,
    stock: 17,
    category: 'Farmácia',
    species: 'Coelho',
  },
  {
    slug: 'calcio-repteis',
    name: 'Suplemento de Cálcio para Répteis 100 g',
    description:
      'Cálcio em pó com vitamina D3 para polvilhar sobre os insetos e as verduras. Previne a doença óssea metabólica.',
    priceCents: 3490,
    stock: 13,
    category: 'Farmácia',
    species: 'Réptil',
  },
  {
    slug: 'antifungico-peixes',
    name: 'Antifúngico para Peixes Ornamentais 20 ml',
    description: 'Tratamento contra fungos e ictio, o ponto branco. Não afeta as plantas do aquário.',
    priceCents: 2290,
    stock: 19,
    category: 'Farmácia',
    species: 'Peixe',
  },
  // Camas e Casinhas
  {
    slug: 'cama-redonda',
    name: 'Cama Redonda de Pelúcia Tamanho M',
    description:
      'Cama fofinha com bordas altas para o cão apoiar a cabeça e se sentir protegido. Capa removível, lavável na máquina.',
    priceCents: 13990,
    stock: 12,
    category: 'Camas e Casinhas',
    species: 'Cachorro',
  },
  {
    slug: 'casinha-madeira-caes',
    name: 'Casinha de Madeira para Cães de Porte Médio',
    description:
      'Casinha de pinus tratado com telhado de duas águas e piso elevado, que protege do sol, da chuva e da umidade do chão. Montagem simples, com parafusos inclusos.',
    priceCents: 29990,
    stock: 5,
    category: 'Camas e Casinhas',
    species: 'Cachorro',
  },
  {
    slug: 'cama-iglu-gatos',
    name: 'Cama Iglu para Gatos',
    description:
      'Toca fechada e macia com almofada removível, perfeita para gatos que gostam de se esconder para dormir.',
    priceCents: 9990,
    stock: 16,
    category: 'Camas e Casinhas',
    species: 'Gato',
  },
  {
    slug: 'toca-coelhos',
    name: 'Toca de Madeira para Coelhos',
    description: 'Toca de madeira natural, sem verniz, que o coelho pode roer à vontade. Com duas entradas.',
    priceCents: 11990,
    stock: 6,
    category: 'Camas e Casinhas',
    species: 'Coelho',
  },
  {
    slug: 'casinha-hamster',
    name: 'Casinha de Madeira para Hamster',
    description:
      'Casinha com telhado removível para facilitar a limpeza. O hamster dorme, guarda comida e se sente seguro.',
    priceCents: 3290,
    stock: 27,
    category: 'Camas e Casinhas',
    species: 'Hamster',
  },
  {
    slug: 'ninho-coco',
    name: 'Ninho de Coco para Pássaros',
    description: 'Ninho feito de casca de coco natural, com gancho para pendurar na gaiola.',
    priceCents: 1690,
    stock: 20,
    category: 'Camas e Casinhas',
    species: 'Pássaro',
  },
  {
    slug: 'esconderijo-pedra',
    name: 'Esconderijo de Pedra para Répteis',
    description:
      'Toca de resina que imita uma pedra natural, para o réptil se abrigar e regular a temperatura do corpo. Fácil de lavar.',
    priceCents: 5490,
    stock: 9,
    category: 'Camas e Casinhas',
    species: 'Réptil',
  },
  {
    slug: 'gruta-aquario',
    name: 'Gruta de Coco para Aquário',
    description: 'Meio coco tratado que vira abrigo para peixes tímidos, camarões e cascudos.',
    priceCents: 1990,
    stock: 22,
    category: 'Camas e Casinhas',
    species: 'Peixe',
  },
];
