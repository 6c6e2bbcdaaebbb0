import { useEffect, useId, useState } from 'react';
import './list-search.css';

const SETTLE_MS = 300;

interface ListSearchProps {
  /** The visible label, e.g. 'Buscar usuários'. */
  label: string;
  placeholder: string;
  /** The term the page opened with (a link's ?q=). */
  initialTerm?: string;
  /** The trimmed term, once typing pauses; '' lists everything. */
  onSearch: (term: string) => void;
}

/** An admin list's search box: searches as the admin types, after a short pause. */
export function ListSearch({ label, placeholder, initialTerm = '', onSearch }: ListSearchProps) {
  const id = useId();
  const [term, setTerm] = useState(initialTerm);

  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(term.trim()), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [term, onSearch]);

  return (
    <search className="list-search">
      <label htmlFor={id} className="list-search__label">
        {label}
      </label>
      <input
        id={id}
        className="list-search__input"
        type="search"
        maxLength={100}
        placeholder={placeholder}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
    </search>
  );
}
