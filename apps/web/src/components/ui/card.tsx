import type { ReactNode } from 'react';
import './card.css';

export interface CardProps {
  title: string;
  /** Id of the heading; the section is labelled by it. */
  titleId: string;
  /** Shown to the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A surface section with an h2 title. */
export function Card({ title, titleId, actions, children, className }: CardProps) {
  const heading = (
    <h2 id={titleId} className="card__title">
      {title}
    </h2>
  );
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      {actions ? (
        <div className="card__header">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

export interface DataListItem {
  label: string;
  value: ReactNode;
}

export interface DataListProps {
  items: readonly DataListItem[];
  className?: string;
}

/** Label/value pairs in a responsive grid. */
export function DataList({ items, className }: DataListProps) {
  return (
    <dl className={className ? `data-list ${className}` : 'data-list'}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
