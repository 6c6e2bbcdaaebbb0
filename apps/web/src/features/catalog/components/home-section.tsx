import { type ReactNode, useId } from 'react';
import './home-section.css';

interface HomeSectionProps {
  title: string;
  className?: string;
  children: ReactNode;
}

/** A titled block of the home page. */
export function HomeSection({ title, className, children }: HomeSectionProps) {
  const titleId = useId();
  return (
    <section className={className ? `home-section ${className}` : 'home-section'} aria-labelledby={titleId}>
      <h2 id={titleId} className="home-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
