import { formatCount } from '@proper-parts/domain/format';
import { useId, useRef, useState } from 'react';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';

interface RangeFacetProps {
  legend: string;
  /** What the numbers are in: 'mm', 'V', '$'… */
  unit: string | null;
  /** The lowest and highest values the results hold: shown as the inputs' hints. */
  bounds: { min: number; max: number };
  /** The range in the URL now (either end may be open). */
  value: { min: string; max: string };
  onApply: (range: { min: string; max: string }) => void;
}

const isNumber = (text: string) => text === '' || /^-?\d+(\.\d+)?$/.test(text);

/**
 * A from–to filter on a number (a price, a bore): applied on Go or Enter, never half-typed. A
 * number that is not one, or a 'from' above the 'to', is said under the inputs.
 */
export function RangeFacet({ legend, unit, bounds, value, onApply }: RangeFacetProps) {
  const id = useId();
  const [min, setMin] = useState(value.min);
  const [max, setMax] = useState(value.max);
  const [error, setError] = useState<string | null>(null);
  const minInput = useRef<HTMLInputElement>(null);
  const maxInput = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(minInput, min, setMin);
  useTypedBeforeHydration(maxInput, max, setMax);
  // The URL's range changed: the inputs show it (during render: see SearchBox).
  const [shown, setShown] = useState(value);
  if (value.min !== shown.min || value.max !== shown.max) {
    setShown(value);
    setMin(value.min);
    setMax(value.max);
  }

  const apply = () => {
    const from = min.trim();
    const to = max.trim();
    if (!isNumber(from) || !isNumber(to)) return setError('Give numbers, like 20 or 12.5');
    if (from !== '' && to !== '' && Number(from) > Number(to))
      return setError('The lowest is above the highest');
    setError(null);
    onApply({ min: from, max: to });
  };
  const hint = (n: number) => formatCount(n);
  const label = unit ? `${legend} (${unit})` : legend;

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <input
          ref={minInput}
          aria-label={`${label} from`}
          inputMode="decimal"
          className={`input input-sm w-20 ${error ? 'input-error' : ''}`}
          placeholder={hint(bounds.min)}
          value={min}
          onChange={(event) => setMin(event.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span aria-hidden="true">–</span>
        <input
          ref={maxInput}
          aria-label={`${label} to`}
          inputMode="decimal"
          className={`input input-sm w-20 ${error ? 'input-error' : ''}`}
          placeholder={hint(bounds.max)}
          value={max}
          onChange={(event) => setMax(event.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn btn-outline btn-sm">
          Go
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
