import { useEffect, useId, useState } from 'react';

const DEBOUNCE_MS = 300;

/**
 * The catalog's search box: results follow the typing (debounced), without a page load; Enter
 * searches at once. `value` is the query in the URL, which the box follows (back button).
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
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
