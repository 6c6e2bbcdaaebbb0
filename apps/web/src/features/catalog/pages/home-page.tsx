import { CategoryList } from '../components/category-list';
import { HeroBanner } from '../components/hero-banner';
import { ServicesCarousel } from '../components/services-carousel';
import { SpeciesList } from '../components/species-list';

export function Component() {
  return (
    <>
      <HeroBanner />
      <CategoryList />
      <SpeciesList />
      <ServicesCarousel />
    </>
  );
}
