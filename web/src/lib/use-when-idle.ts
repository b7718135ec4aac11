import { type RefObject, startTransition, useEffect, useState } from 'react';

/** At the latest, how long a page waits for an idle moment before enhancing anyway. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * False on the server and while React hydrates the server's HTML (so both render the same
 * markup), then true once the browser is idle, or once `ref`'s element scrolls into view if
 * given, whichever comes first. For the parts of a page that only enhance what is already on
 * screen (a carousel over its first slide): their code loads and runs after the page is usable,
 * not during hydration (issue 17, "Hydration cost").
 */
export function useWhenIdle(ref?: RefObject<Element | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    // In a transition: React renders what it enhances in slices that yield to the browser, where
    // an update from an idle callback was one long task (60-90 ms at Lighthouse's 4× slowdown).
    const go = () => startTransition(() => setReady(true));
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(go, 200);
    const element = ref?.current;
    const observer =
      element && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(([entry]) => entry?.isIntersecting && go(), {
            rootMargin: '200px',
          })
        : undefined;
    if (element) observer?.observe(element);
    return () => {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      observer?.disconnect();
    };
  }, [ready, ref]);
  return ready;
}
