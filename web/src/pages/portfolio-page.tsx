import { PageHeader } from '../components/page-header';
import { portfolioIntro, portfolioSections } from '../features/content/portfolio-content';
import { usePageTitle } from '../lib/use-page-title';

export function PortfolioPage() {
  usePageTitle('Portfolio');

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Portfolio" description={portfolioIntro} />
      <div className="flex flex-col gap-10">
        {portfolioSections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="text-2xl font-bold">
              {section.title}
            </h2>
            <div className="mt-3 flex flex-col gap-3 leading-relaxed text-base-content/80">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
            {section.points && (
              <ul className="mt-4 list-disc space-y-1.5 pl-5 text-base-content/80">
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
