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
  const [animated] = useState(
    () => !prefersReducedMotion() && typeof IntersectionObserver !== 'undefined',
  );
  const [value, setValue] = useState(animated ? 0 : end);

  useEffect(() => {
    const element = ref.current;
    if (!animated || !element) return;
    let frame = 0;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
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
  }, [animated, end, durationMs]);

  return { ref, value };
}
