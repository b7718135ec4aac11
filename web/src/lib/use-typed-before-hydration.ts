import { type RefObject, useLayoutEffect } from 'react';

/**
 * What a visitor typed into a server-rendered field before the page hydrated. While hydrating,
 * React keeps the field's text but not in its own state, and its next render sets the field back
 * to the state: the text is lost (React 19.3 replays no change for it; facebook/react#33129 does,
 * behind a flag). On the first commit, a field whose text differs from `value` hands its text to
 * `onTyped`, as if it had just been typed.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  value: string,
  onTyped: (typed: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first commit only; a later difference is React's own doing
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onTyped(typed);
  }, []);
}
