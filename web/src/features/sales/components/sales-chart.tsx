import { BarChart } from 'chartist';
import 'chartist/dist/index.css';
import './sales-chart.css';
import { useEffect, useRef, useState } from 'react';

export interface SalesChartProps {
  /** What the chart shows, in a sentence: screen readers hear this; the figures are in a table. */
  summary: string;
  labels: string[];
  /** One array of values per series, each as long as `labels`. */
  series: number[][];
  /** What each series is (shown as a key when there are two or more). */
  seriesNames?: string[];
  /** Names down the side and bars across (top lists), instead of periods along the bottom. */
  horizontal?: boolean;
  /** How a value reads on the axis and over a bar. */
  format: (value: number) => string;
  /** Counts: the value axis marks whole numbers only. */
  integer?: boolean;
}

const ROW = 22;
/** About how wide a character of a 12 px label is, and the room kept between two labels. */
const CHAR_PX = 7;
const LABEL_GAP = 12;
const labelRoom = (labels: string[]) =>
  Math.max(0, ...labels.map((label) => label.length)) * CHAR_PX + LABEL_GAP;

/**
 * Fits a category label on one line: its full text in its title, cut with an ellipsis (CSS) when
 * longer than its room. A period label is widened from its bar's step to `width`, around its bar
 * and inside the chart, so that the periods it skips give it room.
 */
function fitLabel(node: Element, text: string, width?: number, chartWidth?: number) {
  const span = node.firstElementChild as HTMLElement | null;
  if (!span) return;
  span.title = text;
  span.replaceChildren(Object.assign(document.createElement('span'), { textContent: text }));
  if (width === undefined || chartWidth === undefined) return;
  const step = Number(node.getAttribute('width'));
  const x = Number(node.getAttribute('x')) + step / 2 - width / 2;
  node.setAttribute('x', String(Math.max(0, Math.min(x, chartWidth - width))));
  node.setAttribute('width', String(width));
  span.style.width = `${width}px`;
}

/**
 * A bar chart drawn by Chartist (SVG, decision 024) into its own element, again whenever its figures
 * change. Bars are as wide as the room allows, at most 24 px; a bar's title gives its figure on
 * hover. Labels keep to one line: periods are skipped until each shown one has room for its text;
 * names beside bars are cut with an ellipsis, the whole name in their title.
 */
export function SalesChart({
  summary,
  labels,
  series,
  seriesNames = [],
  horizontal = false,
  format,
  integer = false,
}: SalesChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Narrow (a phone, or half a wide screen): less room for the names beside the bars.
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setNarrow(element.clientWidth > 0 && element.clientWidth < 480);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const figures = JSON.stringify([labels, series, horizontal]);
  const height = horizontal ? Math.max(120, labels.length * series.length * ROW + 48) : 240;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `figures` stands for labels and series.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Read at each drawing: Chartist draws again when the window is resized.
    const labelWidth = labelRoom(labels);
    const every = () =>
      Math.max(1, Math.ceil((labels.length * labelWidth) / Math.max(element.clientWidth, 1)));
    const categories = {
      offset: horizontal ? (narrow ? 120 : 180) : 24,
      showGrid: !horizontal,
      labelInterpolationFnc: (label: unknown, index: number) =>
        horizontal || index % every() === 0 ? String(label) : null,
    };
    const values = {
      offset: horizontal ? 24 : 64,
      labelInterpolationFnc: (value: unknown) => format(Number(value)),
      scaleMinSpace: horizontal ? 72 : 32,
      onlyInteger: integer,
    };
    // Top lists read from the top: Chartist draws the first label at the bottom.
    const shown = horizontal ? [...labels].reverse() : labels;
    const data = series.map((values, index) => ({
      name: seriesNames[index] ?? `Series ${index + 1}`,
      className: `sales-series-${index}`,
      data: horizontal ? [...values].reverse() : values,
    }));
    const chart = new BarChart(
      element,
      { labels: shown, series: data },
      {
        height: `${height}px`,
        horizontalBars: horizontal,
        seriesBarDistance: horizontal ? ROW - 6 : 12,
        axisX: horizontal ? values : categories,
        axisY: horizontal ? categories : values,
        chartPadding: { top: 12, right: horizontal ? 36 : 16, bottom: 4, left: 4 },
      },
    );
    // The div is the image (its label says what it shows); the SVG inside is drawing only.
    chart.on('created', (event) => {
      event.svg.attr({ 'aria-hidden': 'true', focusable: 'false' });
    });
    chart.on('draw', (event) => {
      if (event.type === 'label' && event.axis.units.pos === (horizontal ? 'y' : 'x')) {
        const text = String(event.text);
        if (horizontal) fitLabel(event.element.getNode(), text);
        else
          fitLabel(
            event.element.getNode(),
            text,
            Math.max(event.width, labelWidth),
            element.clientWidth,
          );
        return;
      }
      if (event.type !== 'bar') return;
      const room = horizontal ? event.chartRect.height() : event.chartRect.width();
      const width = Math.max(
        2,
        Math.min(horizontal ? 14 : 24, (room / labels.length / series.length) * 0.7),
      );
      // Chartist hands the value as {x, y}; ours is the one along the value axis.
      const raw = event.value as { x?: number; y?: number } | number | undefined;
      const value = typeof raw === 'number' ? raw : Number((horizontal ? raw?.x : raw?.y) ?? 0);
      event.element.attr({ style: `stroke-width: ${width}px` });
      if (value < 0) event.element.addClass('ct-negative');
      const of = seriesNames.length > 1 ? `, ${seriesNames[event.seriesIndex]}` : '';
      event.element.elem('title').text(`${shown[event.index]}${of}: ${format(value)}`);
    });
    return () => {
      chart.detach();
    };
  }, [figures, height, narrow]);

  return (
    <div className="sales-chart">
      {seriesNames.length > 1 && (
        <ul className="mb-1 flex flex-wrap gap-4 text-xs text-base-content/70" aria-hidden="true">
          {seriesNames.map((name, index) => (
            <li key={name} className="flex items-center gap-1.5">
              <span
                className="sales-chart-key"
                style={{
                  background:
                    index === 0
                      ? 'var(--color-primary)'
                      : 'color-mix(in oklab, var(--color-base-content) 35%, transparent)',
                }}
              />
              {name}
            </li>
          ))}
        </ul>
      )}
      <div ref={ref} role="img" aria-label={summary} style={{ minHeight: height }} />
    </div>
  );
}
