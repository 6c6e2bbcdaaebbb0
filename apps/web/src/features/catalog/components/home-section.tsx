import type { ReactNode } from 'react';
import './home-section.css';
import { useUniqueId } from '../../../components/ui/use-unique-id';

interface HomeSectionProps {
  title: string;
  className?: string;
  children: ReactNode;
}

/** A titled block of the home page. */
export function HomeSection({ title, className, children }: HomeSectionProps) {
  const titleId = useUniqueId();
  return (
    <section className={className ? `home-section ${className}` : 'home-section'} aria-labelledby={titleId}>
      <h2 id={titleId} className="home-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
