import { paths } from '../../../config/paths';

/**
 * Issue 34: in a PunchOut session the cart does not check out here; it goes back to the buyer's
 * procurement system. A plain same-origin form post: the server answers a page that posts the
 * cart (a cXML PunchOutOrderMessage or OCI fields) on to the system by itself.
 */
export function ReturnCartButton({
  systemName,
  disabled,
}: {
  systemName: string;
  disabled: boolean;
}) {
  return (
    <form method="post" action={paths.punchoutReturn} className="w-full sm:w-auto sm:min-w-60">
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={disabled}
        data-testid="punchout-return"
      >
        Return cart to {systemName}
      </button>
    </form>
  );
}
