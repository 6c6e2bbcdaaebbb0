import { formatMoney } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { servicesQueryOptions } from '../../../api/services';
import { cycleColourClass } from '../../../components/ui/cycle-colour';
import { IconButton } from '../../../components/ui/icon-button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { HomeSection } from './home-section';
import { LoadError } from './load-error';
import './services-carousel.css';

/** The 'Serviços' carousel of /home; the whole section is hidden at 960 px or narrower. */
export function ServicesCarousel() {
  const { data: services, isPending, isError, refetch } = useQuery(servicesQueryOptions());
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', slidesToScroll: 'auto' });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  if (isError && !services) {
    return (
      <HomeSection title="Serviços" className="services-carousel">
        <LoadError what="os serviços" onRetry={() => void refetch()} />
      </HomeSection>
    );
  }
  if (!isPending && !services?.length) return null;

  return (
    <HomeSection title="Serviços" className="services-carousel">
      {isPending ? (
        <div className="services-carousel__loading" aria-busy="true">
          {[1, 2, 3].map((key) => (
            <Skeleton key={key} height={160} />
          ))}
        </div>
      ) : (
        <div className="services-carousel__frame">
          <IconButton aria-label="Serviço anterior" onClick={() => embla?.scrollPrev()} disabled={!canPrev}>
            <ChevronLeftIcon size={28} />
          </IconButton>
          <div className="services-carousel__viewport" ref={viewportRef}>
            <ul className="services-carousel__track">
              {services?.map((service, index) => (
                <li key={service.id} className="services-carousel__slide">
                  <Link className={`services-carousel__card ${cycleColourClass(index)}`} to={`/services/${service.id}`}>
                    <span className="services-carousel__name">{service.name}</span>
                    <span className="services-carousel__description">{service.description}</span>
                    <span className="services-carousel__price">{formatMoney(service.price)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <IconButton aria-label="Próximo serviço" onClick={() => embla?.scrollNext()} disabled={!canNext}>
            <ChevronRightIcon size={28} />
          </IconButton>
        </div>
      )}
    </HomeSection>
  );
}
