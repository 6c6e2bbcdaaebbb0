import { type FormEvent, useRef, useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons';
import './product-search.css';

interface ProductSearchProps {
  /** The term of the current search (the URL's ?q=). */
  initialTerm: string;
  /** Called with the trimmed term; an empty term means "all products". */
  onSearch: (term: string) => void;
}

export function ProductSearch({ initialTerm, onSearch }: ProductSearchProps) {
  const [term, setTerm] = useState(initialTerm);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(term.trim());
  };

  const clear = () => {
    setTerm('');
    inputRef.current?.focus();
    if (initialTerm) onSearch('');
  };

  return (
    <search>
      <form className="product-search" onSubmit={submit}>
        <label htmlFor="product-search-input" className="visually-hidden">
          Buscar produtos
        </label>
        <input
          ref={inputRef}
          id="product-search-input"
          className="product-search__input"
          type="search"
          enterKeyHint="search"
          maxLength={100}
          placeholder="O que seu pet precisa?"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        {term && (
          <IconButton aria-label="Limpar busca" onClick={clear}>
            <CloseIcon />
          </IconButton>
        )}
        <IconButton aria-label="Buscar" type="submit">
          <SearchIcon />
        </IconButton>
      </form>
    </search>
  );
}
