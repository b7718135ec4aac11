import { CAROUSEL_AUTOPLAY_MS } from '@proper-parts/domain/constants';
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import {
  type FocusEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

type EmblaApi = EmblaCarouselType | undefined;

/** Where the arrow keys belong to what has focus, not to the carousel. */
const OWNS_ARROW_KEYS =
  'input, textarea, select, [contenteditable="true"], [role="slider"], [role="radiogroup"], [role="listbox"], [role="menu"], [role="tablist"]';

/** Embla needs both observers; without them (jsdom, old browsers) the first slide stands still. */
const CAN_RUN = typeof IntersectionObserver === 'function' && typeof ResizeObserver === 'function';

type CarouselProps<T> = {
  /** The carousel's accessible name, e.g. 'Customer reviews'. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Classes of the strip and of each slide: slide width and spacing (default: one full-width slide). */
  containerClassName?: string;
  slideClassName?: string;
  /** Placement of the dots and their colours (`--carousel-dot`, `--carousel-dot-active`). */
  dotsClassName?: string;
  /** Dots shrink with their distance from the current one (spec §2: the banner's dynamic bullets). */
  dynamicDots?: boolean;
  /** ← and → move it while it is on screen, wherever the focus is (outside a form field). */
  keyboard?: boolean;
};

/**
 * An Embla carousel that loops (when it has more slides than it shows), moves every
 * CAROUSEL_AUTOPLAY_MS and keeps moving after a click, a drag or a swipe (spec §2, §9), with
 * clickable dots. It pauses while keyboard focus is inside it (WCAG 2.2.2). Marked up as the
 * WAI-ARIA carousel pattern: a region, slides as groups labelled 'n of m', dots as buttons. Client
 * only: its sections render a still first slide on the server (issue 17).
 */
export function Carousel<T>({
  label,
  items,
  itemKey,
  renderItem,
  containerClassName = '',
  slideClassName = '',
  dotsClassName = '',
  dynamicDots = false,
  keyboard = false,
}: CarouselProps<T>) {
  const [viewport, api] = useEmbla();
  const { selected, snaps } = useSelectedSnap(api);
  useArrowKeys(api, keyboard);

  // A move by hand starts the 2 s over, as Swiper's autoplay did.
  const goTo = useCallback(
    (index: number) => {
      api?.scrollTo(index);
      api?.plugins().autoplay?.reset();
    },
    [api],
  );
  // With one position there is nothing to play (Embla's autoplay never started).
  const autoplay = snaps > 1 ? api?.plugins().autoplay : undefined;
  const pause = () => autoplay?.stop();
  const resume = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) autoplay?.play();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onFocus={pause}
      onBlur={resume}
    >
      <div ref={viewport} className="overflow-hidden">
        <div className={`flex touch-pan-y touch-pinch-zoom ${containerClassName}`}>
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel's slide is a group; a fieldset is for form fields.
            <div
              key={itemKey(item)}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}`}
              data-index={index}
              data-active={index === selected || undefined}
              className={`min-w-0 shrink-0 grow-0 basis-full ${slideClassName}`}
            >
              {renderItem(item, index)}
            </div>
          ))}
        </div>
      </div>
      {/* Always there, so that the dots appearing once Embla has measured do not move the page. */}
      <div className={`flex h-6 justify-center gap-1 ${dotsClassName}`}>
        {snaps > 1 &&
          Array.from({ length: snaps }, (_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position, nothing else.
              key={index}
              type="button"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              // A click leaves the focus where it was, so that only the keyboard pauses the carousel.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => goTo(index)}
              className="carousel-dot"
              style={dynamicDots ? dynamicDotStyle(Math.abs(index - selected)) : undefined}
            />
          ))}
      </div>
    </section>
  );
}

/**
 * A visitor who asked their system for less motion gets carousels that move only when they move
 * them (WCAG 2.3.3; decision 036): no autoplay, the dots and arrow keys still work.
 */
const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A task after the browser's next frame (or a plain task where there are no frames). */
const afterNextFrame = () =>
  new Promise<void>((resolve) => {
    const later = () => window.setTimeout(resolve);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(later);
    else later();
  });

/** Carousels start one at a time, each in a task of its own after a frame (see `useEmbla`). */
let startsInLine: Promise<void> = Promise.resolve();

/**
 * The Embla carousel over `viewport`'s slides, looping and playing by itself; undefined until it
 * has started, and always where it cannot run. It starts after the browser has drawn the slides
 * once, in a task of its own, one carousel at a time: Embla measures every slide when it starts,
 * and started from React's commit (embla-carousel-react), that measuring laid out the whole page
 * in React's task, both carousels in one (issue 17's TBT: a 140 ms task at a 4× slowdown, 76 ms
 * of it a forced style and layout).
 */
function useEmbla() {
  const viewport = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaApi>();
  useEffect(() => {
    const node = viewport.current;
    if (!node || !CAN_RUN) return;
    let started: EmblaCarouselType | undefined;
    let gone = false;
    startsInLine = startsInLine
      .then(afterNextFrame)
      .then(() => {
        if (gone) return;
        const carousel = EmblaCarousel(
          node,
          { loop: true, align: 'start' },
          prefersReducedMotion()
            ? []
            : [
                Autoplay({
                  delay: CAROUSEL_AUTOPLAY_MS,
                  stopOnInteraction: false,
                  stopOnFocusIn: false,
                }),
              ],
        );
        started = carousel;
        startTransition(() => setApi(carousel));
      })
      // A carousel that failed to start says so, and does not hold back the ones after it.
      .catch((error: unknown) =>
        queueMicrotask(() => {
          throw error;
        }),
      );
    return () => {
      gone = true;
      started?.destroy();
    };
  }, []);
  return [viewport, api] as const;
}

/** Swiper's dynamic bullets: full size, then 2/3 and 1/3 either side, none further out. */
function dynamicDotStyle(distance: number) {
  return distance > 2 ? { display: 'none' } : { scale: String([1, 0.66, 0.33][distance]) };
}

/** The current scroll snap and how many there are, kept in step with Embla. */
function useSelectedSnap(api: EmblaApi) {
  const [state, setState] = useState({ selected: 0, snaps: 0 });
  useEffect(() => {
    if (!api) return;
    const sync = () =>
      setState({ selected: api.selectedScrollSnap(), snaps: api.scrollSnapList().length });
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api]);
  return state;
}

/** Swiper's keyboard control: ← and → anywhere on the page while the carousel is on screen. */
function useArrowKeys(api: EmblaApi, enabled: boolean) {
  useEffect(() => {
    if (!api || !enabled) return;
    // Without IntersectionObserver (jsdom), taken to be on screen.
    let onScreen = typeof IntersectionObserver !== 'function';
    const observer = onScreen
      ? undefined
      : new IntersectionObserver(([entry]) => {
          onScreen = entry?.isIntersecting ?? false;
        });
    observer?.observe(api.rootNode());
    const onKeyDown = (event: KeyboardEvent) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step || !onScreen || event.defaultPrevented) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target instanceof Element && event.target.closest(OWNS_ARROW_KEYS)) return;
      event.preventDefault();
      if (step > 0) api.scrollNext();
      else api.scrollPrev();
      api.plugins().autoplay?.reset();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      observer?.disconnect();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [api, enabled]);
}
