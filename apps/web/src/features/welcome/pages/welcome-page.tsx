import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import './welcome-page.css';

const SECTIONS = [
  {
    title: 'Produtos',
    text: 'Tudo o que o seu pet precisa para ser feliz e saudável: rações, petiscos, brinquedos e acessórios.',
    image: '/illustrations/products.svg',
    to: '/products',
    action: 'Ver produtos',
  },
  {
    title: 'Atendimentos',
    text: 'Banho e tosa feitos com carinho por profissionais experientes, para o seu pet ficar limpo e cheiroso.',
    image: '/illustrations/grooming.svg',
    to: '/services',
    action: 'Agendar banho e tosa',
  },
  {
    title: 'Consultas',
    text: 'Consultas veterinárias para acompanhar a saúde do seu pet em todas as fases da vida.',
    image: '/illustrations/vet.svg',
    to: '/services',
    action: 'Agendar consulta',
  },
];

export function WelcomePage() {
  return (
    <div className="welcome-page">
      <section className="welcome-page__hero" aria-labelledby="welcome-title">
        <h1 id="welcome-title" className="welcome-page__title">
          Tudo o que seu pet precisa em um só lugar!
        </h1>
        <p className="welcome-page__tagline">
          Produtos, serviços e consultas para cuidar e mimar o seu pet, com todo o carinho que ele merece.
        </p>
        <ButtonLink to="/products" className="welcome-page__start">
          Começar
        </ButtonLink>
      </section>
      {SECTIONS.map((section, index) => (
        <section
          key={section.title}
          className={index % 2 ? 'welcome-page__section welcome-page__section--reverse' : 'welcome-page__section'}
          aria-labelledby={`welcome-${index}`}
        >
          <div className="welcome-page__section-text">
            <h2 id={`welcome-${index}`}>{section.title}</h2>
            <p>{section.text}</p>
            <Link className="welcome-page__link" to={section.to}>
              {section.action} <span aria-hidden="true">→</span>
            </Link>
          </div>
          <img
            className="welcome-page__illustration"
            src={section.image}
            alt=""
            width={320}
            height={240}
            loading={index === 0 ? 'eager' : 'lazy'}
          />
        </section>
      ))}
    </div>
  );
}

export { WelcomePage as Component };
