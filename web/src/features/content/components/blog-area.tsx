import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatLongDate } from '../../../lib/format';
import { blogCards } from '../home-content';

/** 'Our Blog Area': three cards with name, description, image and date (spec §1, §3). */
export function BlogArea() {
  return (
    <section aria-labelledby="blog-area-title" className="mx-auto max-w-7xl px-4 py-16">
      <div className="mb-10 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">
          From the shop
        </p>
        <h2 id="blog-area-title" className="mt-2 text-3xl font-bold sm:text-4xl">
          Our Blog Area
        </h2>
      </div>
      <ul className="grid gap-6 md:grid-cols-3">
        {blogCards.map((card) => (
          <li key={card.name}>
            <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
              <figure className="aspect-4/3 bg-base-200">
                <img
                  src={card.img}
                  alt={card.imgAlt}
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-contain"
                />
              </figure>
              <div className="card-body gap-2">
                <time dateTime={card.date} className="text-sm text-base-content/70">
                  {formatLongDate(card.date)}
                </time>
                <h3 className="card-title text-lg leading-snug">{card.name}</h3>
                <p className="text-sm leading-relaxed text-base-content/75">{card.describe}</p>
                <div className="card-actions mt-auto pt-2">
                  <Link
                    to={`${paths.blogs}#${card.entry}`}
                    className="link link-primary font-medium"
                  >
                    Read the answer<span className="sr-only">: {card.name}</span>
                  </Link>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
