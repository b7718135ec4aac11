import { zodResolver } from '@hookform/resolvers/zod';
import { type SaveListRequest, saveListRequest } from '@proper-parts/domain/cart';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { BusyButton } from '../components/busy-button';
import { EmptyState } from '../components/empty-state';
import { FormField } from '../components/form-field';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { useSaveList } from '../features/cart/api/save-list';
import { useCart } from '../features/cart/api/use-cart';
import { CartLineRow } from '../features/cart/components/cart-line-row';
import { usePunchoutSession } from '../features/punchout/api/get-punchout-session';
import { ReturnCartButton } from '../features/punchout/components/return-cart-button';
import { RequestQuoteButton } from '../features/quotes/components/request-quote-button';
import { formatPrice } from '../lib/format';
import { toast } from '../lib/toast';
import { usePageTitle } from '../lib/use-page-title';

function SaveAsList() {
  const save = useSaveList();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SaveListRequest>({
    resolver: zodResolver(saveListRequest),
    defaultValues: { name: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success(`Saved as "${saved.name}"`);
      reset();
    } catch (error) {
      toast.error((error as Error).message);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <FormField
        label="Save this cart as a list"
        placeholder="e.g. Monthly maintenance kit"
        error={errors.name?.message}
        {...register('name')}
      />
      <BusyButton busy={save.isPending} className="btn-outline sm:mt-7 sm:w-auto">
        Save list
      </BusyButton>
    </form>
  );
}

/** The cart (issue 18): every line with its stepper, price and problem; the total; next steps. */
export function CartPage() {
  usePageTitle('Cart');
  const { mode, data, isPending, error } = useCart();
  // Issue 34: a PunchOut session's cart goes back to the buyer's procurement system.
  const { data: punchout } = usePunchoutSession(mode === 'buyer');
  if (isPending || mode === 'pending') return <Spinner className="min-h-[50vh]" />;
  if (mode === 'admin')
    return (
      <section className="mx-auto max-w-4xl px-4 py-10">
        <PageHeader title="Cart" />
        <EmptyState title="Admins do not buy">
          Admins manage the shop; sign in with a customer account to order parts.
        </EmptyState>
      </section>
    );
  if (error || !data)
    return (
      <section className="mx-auto max-w-4xl px-4 py-10">
        <PageHeader title="Cart" />
        <p role="alert" className="text-error">
          {error?.message ?? 'Could not load your cart.'}
        </p>
      </section>
    );
  const { lines, total } = data;
  const blocked = lines.some((line) => line.problem);
  // Above the stock, checkout cannot take them; a quote can (issue 19).
  // Issue 36: a backordered line is above the stock yet orderable: no quote is suggested for it.
  const aboveStock = lines.filter(
    (line) => line.quantity > line.availableQuantity && line.backordered === 0,
  ).length;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <PageHeader
        title="Cart"
        description={
          lines.length > 0 ? `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}` : undefined
        }
      />
      {lines.length === 0 ? (
        <EmptyState title="Your cart is empty">
          Find parts in the{' '}
          <Link to={paths.products()} className="link link-primary">
            catalog
          </Link>
          , or paste a parts list into{' '}
          <Link to={paths.quickOrder} className="link link-primary">
            Quick order
          </Link>
          .
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-base-300 border-y border-base-300">
            {lines.map((line) => (
              <CartLineRow key={line.productId} line={line} lines={lines} />
            ))}
          </ul>
          <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between">
            <div className="sm:max-w-sm">{mode === 'buyer' && <SaveAsList />}</div>
            <div className="flex flex-col gap-2 sm:items-end">
              <p className="flex items-baseline gap-3" aria-live="polite">
                <span className="text-base-content/70">Subtotal</span>
                <span className="text-2xl font-bold" data-testid="cart-total">
                  {formatPrice(total)}
                </span>
              </p>
              {(data.deposits ?? 0) > 0 && (
                <p className="text-sm text-base-content/70" data-testid="cart-deposits">
                  Includes {formatPrice(data.deposits)} of refundable core deposits
                </p>
              )}
              <p className="text-sm text-base-content/70">
                Freight and tax are computed at checkout, for the address you ship to.
              </p>
              {blocked && (
                <p className="text-sm text-error">Fix the lines marked in red to check out.</p>
              )}
              {mode === 'buyer' && aboveStock > 0 && (
                <p className="text-sm sm:max-w-xs sm:text-right" data-testid="quote-hint">
                  {aboveStock === 1 ? 'One line asks' : `${aboveStock} lines ask`} for more than we
                  have in stock: request a quote, and the shop answers with a price and a lead time.
                </p>
              )}
              {punchout?.active ? (
                <ReturnCartButton systemName={punchout.systemName ?? ''} disabled={blocked} />
              ) : blocked ? (
                <button type="button" className="btn btn-primary sm:w-60" disabled>
                  Checkout
                </button>
              ) : (
                <Link to={paths.checkout} className="btn btn-primary sm:w-60">
                  {mode === 'buyer' ? 'Checkout' : 'Sign in to check out'}
                </Link>
              )}
              {mode === 'buyer' && !punchout?.active && (
                <RequestQuoteButton
                  className={`sm:w-60 ${blocked && aboveStock > 0 ? 'btn-primary' : 'btn-outline'}`}
                />
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
