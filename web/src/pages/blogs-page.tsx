import { PageHeader } from '../components/page-header';
import { blogEntries } from '../features/content/blog-entries';
import { usePageTitle } from '../lib/use-page-title';

export function BlogsPage() {
  usePageTitle('Blogs');

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader
        title="Blogs"
        description="Questions buyers ask us before they order: minimums, lead times, paying by card, shipping and returns."
      />
      <nav aria-label="Questions" className="mb-10">
        <ol className="list-decimal space-y-1 pl-5 text-primary">
          {blogEntries.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className="link link-hover">
                {entry.question}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-col gap-6">
        {blogEntries.map((entry, index) => (
          <article
            key={entry.id}
            id={entry.id}
            aria-labelledby={`${entry.id}-question`}
            className="scroll-mt-24 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
          >
            <h2 id={`${entry.id}-question`} className="text-xl font-bold leading-snug">
              <span className="mr-2 text-primary">Q{index + 1}.</span>
              {entry.question}
            </h2>
            <div className="mt-3 flex flex-col gap-3 leading-relaxed text-base-content/80">
              {entry.answer.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
