import { PawIcon } from '../../../components/ui/icons';
import './hero-banner.css';

export function HeroBanner() {
  return (
    <section className="hero-banner" aria-labelledby="hero-banner-title">
      <PawIcon className="hero-banner__paw" size={96} />
      <div>
        <h1 id="hero-banner-title" className="hero-banner__title">
          PetCare
        </h1>
        <p className="hero-banner__tagline">Tudo para o bem-estar do seu pet!</p>
      </div>
    </section>
  );
}
