import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../auth/use-current-user';
import { useCartLineCount } from '../api/cart-count';
import { useMergeVisitorCart } from '../merge-visitor-cart';

/** The navbar's cart: a link with the number of lines (admins run the shop and have none). */
export function CartBadge() {
  const { user } = useCurrentUser();
  const count = useCartLineCount();
  useMergeVisitorCart();
  if (user?.isAdmin) return null;
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'line' : 'lines'}`;
  return (
    <Link to={paths.cart} className="btn btn-ghost btn-square relative" aria-label={label}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        className="size-6"
        fill="none"
        viewBox="0 0 24 24"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M3 3h2l.4 2M7 13h10l4-8H5.4M7 13 5.4 5M7 13l-2.3 2.3c-.6.6-.2 1.7.7 1.7H17m0 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm-8 2a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z"
        />
      </svg>
      {count > 0 && (
        <span className="badge badge-primary badge-sm absolute -top-1 -right-1 min-w-5 px-1">
          {count > 999 ? '999+' : count}
        </span>
      )}
    </Link>
  );
}
