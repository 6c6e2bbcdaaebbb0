import { CategoryList } from '../components/category-list';
import { HeroBanner } from '../components/hero-banner';
import { ProductStrip } from '../components/product-strip';
import { ServicesCarousel } from '../components/services-carousel';
import { ServicesList } from '../components/services-list';
import { SpeciesList } from '../components/species-list';

export function Component() {
  return (
    <>
      <HeroBanner />
      <CategoryList />
      <SpeciesList />
      <ProductStrip />
      <ServicesCarousel />
      <ServicesList />
    </>
  );
}
