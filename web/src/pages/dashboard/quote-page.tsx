import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useShippingDefaults } from '../../features/orders/hooks/use-shipping-defaults';
import { useQuote } from '../../features/quotes/api/get-quote';
import { AcceptQuoteForm } from '../../features/quotes/components/accept-quote-form';
import { AcceptedOrder } from '../../features/quotes/components/accepted-order';
import { QuoteFacts } from '../../features/quotes/components/quote-facts';
import { QuoteLines } from '../../features/quotes/components/quote-lines';
import { usePageTitle } from '../../lib/use-page-title';

/** One quote (issue 19): the lines, list price beside the shop's, and Accept while it holds. */
export function QuotePage() {
  usePageTitle('Quote');
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const { data: quote, isPending, isError, error } = useQuote(id);
  const defaults = useShippingDefaults();
  if (isPending) return <Spinner text="Loading the quote…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  const mine = user?.email === quote.buyerEmail;
  return (
    <section className="flex flex-col gap-6">
      <div>
        <Link to={paths.dashboard.quotes} className="link text-sm">
          ← All quotes
        </Link>
        <PageHeader level={2} title="Quote" />
        <QuoteFacts quote={quote} />
      </div>
      <QuoteLines quote={quote} />
      {quote.status === 'requested' && (
        <p className="text-base-content/70">
          The shop has your request and answers by mail. Your cart is unchanged: you can still check
          out what is in stock.
        </p>
      )}
      {quote.status === 'answered' &&
        (mine ? (
          <AcceptQuoteForm quote={quote} defaults={defaults} />
        ) : (
          <p className="text-base-content/70">Only {quote.buyerName} can accept this quote.</p>
        ))}
      {quote.status === 'expired' && (
        <p className="text-base-content/70">
          This offer has ended. Put the parts in your{' '}
          <Link to={paths.cart} className="link link-primary">
            cart
          </Link>{' '}
          and request a new quote.
        </p>
      )}
      {quote.status === 'accepted' && quote.orderId && (
        <AcceptedOrder quote={{ ...quote, orderId: quote.orderId }} mine={mine} />
      )}
    </section>
  );
}
