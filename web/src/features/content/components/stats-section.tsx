import { type Statistic, statistics } from '../home-content';
import { useCountUp } from '../use-count-up';

function StatisticView({ statistic }: { statistic: Statistic }) {
  const { ref, value } = useCountUp<HTMLSpanElement>(statistic.end, statistic.durationMs);
  const final = `${statistic.end}${statistic.suffix}`;
  return (
    <div className="flex flex-col-reverse items-center justify-end gap-1 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <dt className="text-sm font-medium uppercase tracking-wide text-base-content/70">
        {statistic.label}
        {statistic.stars && (
          <span className="mt-2 block text-lg tracking-widest text-warning">
            <span aria-hidden="true">★★★★★</span>
            <span className="sr-only">5 stars</span>
          </span>
        )}
      </dt>
      <dd className="text-4xl font-extrabold text-primary tabular-nums sm:text-5xl">
        {/* Screen readers get the final figure, not every step of the count. */}
        <span className="sr-only">{final}</span>
        <span ref={ref} aria-hidden="true" data-testid={`count-${statistic.label}`}>
          {value}
          {statistic.suffix}
        </span>
      </dd>
    </div>
  );
}

/** 'Millions Business Trust Us': counters that count up when scrolled into view (spec §1, §9). */
export function StatsSection() {
  return (
    <section aria-labelledby="stats-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <div className="mb-10 text-center">
          <h2 id="stats-title" className="text-3xl font-bold sm:text-4xl">
            Millions Business Trust Us
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-base-content/70">
            Workshops, fleets and manufacturers order their parts from us every day.
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {statistics.map((statistic) => (
            <StatisticView key={statistic.label} statistic={statistic} />
          ))}
        </dl>
      </div>
    </section>
  );
}
