import { Link, useParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { type InfoPage as Info, infoPageOf } from '../features/content/info-pages';
import { usePageTitle } from '../lib/use-page-title';
import { NotFoundPage } from './not-found-page';

/** `/info/{slug}`: one of the footer's short pages, laid out from its words (info-pages.ts). */
export function InfoPage() {
  const info = infoPageOf(useParams().slug ?? '');
  return info ? <InfoArticle info={info} /> : <NotFoundPage />;
}

function InfoArticle({ info }: { info: Info }) {
  usePageTitle(info.title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title={info.title} description={info.summary} />
      <div className="flex flex-col gap-8">
        {info.sections.map((section) => (
          <section key={section.heading} aria-label={section.heading}>
            <h2 className="text-xl font-bold">{section.heading}</h2>
            <div className="mt-2 flex flex-col gap-3 leading-relaxed text-base-content/80">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
      <nav aria-label="See also" className="mt-10 border-t border-base-300 pt-6">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-base-content/70">
          See also
        </h2>
        <ul className="mt-3 flex flex-col gap-2">
          {info.related.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="link link-primary">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
