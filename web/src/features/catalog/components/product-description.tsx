import { shortDescription } from '@proper-parts/domain/description';
import { useId, useState } from 'react';

/** A card's description: cut at 150 characters with "…see more", which unfolds it in place. */
export function ProductDescription({ description }: { description: string }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const short = shortDescription(description);

  return (
    <p id={textId} className="text-sm leading-relaxed text-base-content/75">
      {expanded || !short.truncated ? description : `${short.text}…`}
      {short.truncated && (
        <>
          {expanded ? ' ' : ''}
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => setExpanded((open) => !open)}
            className="link link-primary whitespace-nowrap font-medium no-underline hover:underline"
          >
            {expanded ? 'see less' : 'see more'}
          </button>
        </>
      )}
    </p>
  );
}
