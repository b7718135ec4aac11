import { useEffect, useId, useRef, useState } from 'react';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';

const DEBOUNCE_MS = 300;

/**
 * The catalog's search box: results follow the typing (debounced), without a page load; Enter
 * searches at once. `value` is the query in the URL, which the box follows (back button).
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  // The URL's query changed (back button): the box shows it. During render, not in an effect: an
  // effect would also run on the first commit, over what was typed before hydration.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setTyped(value);
  }
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, typed, setTyped);
  useEffect(() => {
    if (typed.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, onSearch]);

  return (
    <search>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(typed.trim());
        }}
      >
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
          Search parts
        </label>
        <input
          ref={input}
          id={id}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Part number, name, brand… e.g. 6204-2RS"
          maxLength={200}
          autoComplete="off"
          className="input input-lg w-full"
        />
      </form>
    </search>
  );
}
