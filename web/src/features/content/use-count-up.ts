import { useEffect, useRef, useState } from 'react';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counts from 0 up to `end` over `durationMs` once the element scrolls into view (spec §9).
 * Without IntersectionObserver, or for users who prefer reduced motion, it shows `end` at once.
 */
export function useCountUp<E extends Element>(end: number, durationMs: number) {
  const ref = useRef<E>(null);
  // `end` first, on the server and while hydrating (the same markup on both, and the figure for
  // a reader without JavaScript); the count starts from 0 once the element is on screen.
  const [value, setValue] = useState(end);

  useEffect(() => {
    const element = ref.current;
    if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined' || !element) return;
    let frame = 0;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) {
          // Off screen: the count waits at 0 to run when it scrolls into view.
          setValue(0);
          return;
        }
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const progress = Math.min(1, (now - start) / durationMs);
          setValue(Math.round(end * easeOut(progress)));
          if (progress < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [end, durationMs]);

  return { ref, value };
}
