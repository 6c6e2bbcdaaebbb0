import { DESCRIPTION_TRUNCATE } from '@petshop/domain';
import { useId, useState } from 'react';
import './product-description.css';

/** Up to 200 characters in at most 4 lines, with 'Exibir mais' / 'Exibir menos' when there is more. */
export function ProductDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  // By code point, so an emoji is never cut in half.
  const characters = Array.from(text.trim());
  if (characters.length === 0) return null;

  const long = characters.length > DESCRIPTION_TRUNCATE;
  const shown = long && !expanded ? `${characters.slice(0, DESCRIPTION_TRUNCATE).join('').trimEnd()}…` : text.trim();

  return (
    <div className="product-description">
      <p
        id={textId}
        className={
          expanded ? 'product-description__text' : 'product-description__text product-description__text--clamped'
        }
      >
        {shown}
      </p>
      {long && (
        <button
          type="button"
          className="product-description__toggle"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Exibir menos' : 'Exibir mais'}
        </button>
      )}
    </div>
  );
}
