import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useQuote } from '../../features/quotes/api/get-quote';
import { AnswerQuoteForm } from '../../features/quotes/components/answer-quote-form';
import { DeclineQuoteButton } from '../../features/quotes/components/decline-quote-button';
import { QuoteFacts } from '../../features/quotes/components/quote-facts';
import { QuoteLines } from '../../features/quotes/components/quote-lines';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';

/** Shop admin: answer a request (issue 19), or read what was answered. */
export function QuoteAnswerPage() {
  usePageTitle('Answer a quote');
  const { id = '' } = useParams();
  const { data: quote, isPending, isError, error } = useQuote(id);
  if (isPending) return <Spinner text="Loading the request…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  return (
    <section className="flex flex-col gap-6">
      <div>
        <Link to={paths.dashboard.quoteInbox} className="link text-sm">
          ← Quote inbox
        </Link>
        <PageHeader
          level={2}
          title={quote.status === 'requested' ? 'Answer a quote' : 'Quote'}
          description={`${quote.buyerName} <${quote.buyerEmail}>`}
        />
        <QuoteFacts quote={quote} />
      </div>
      {quote.status === 'requested' ? (
        <>
          <AnswerQuoteForm
            quote={quote}
            onAnswered={() => toast.success('Answer sent: the buyer has been mailed')}
          />
          <DeclineQuoteButton quote={quote} />
        </>
      ) : (
        <QuoteLines quote={quote} />
      )}
    </section>
  );
}
