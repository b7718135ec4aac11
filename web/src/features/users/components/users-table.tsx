import { messages } from '@proper-parts/domain/messages';
import type { UserSummary } from '@proper-parts/domain/users';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';

/** Lets a long address wrap after the @ on narrow screens, rather than mid-word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function RoleCell({ user }: { user: UserSummary }) {
  const makeAdmin = useMakeAdmin();

  if (user.role === 'admin') {
    return <span className="badge badge-primary badge-soft">Admin</span>;
  }
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm whitespace-nowrap"
      disabled={makeAdmin.isPending}
      onClick={() =>
        makeAdmin.mutate(user.email, {
          onSuccess: ({ modifiedCount }) => {
            if (modifiedCount > 0) toast.success(messages.madeAdmin);
          },
          onError: (error) => {
            // Spec §6: a 403 reads 'Failed to Make an Admin'; anything else says what went wrong.
            const forbidden = error instanceof ApiError && error.status === 403;
            toast.error(forbidden ? messages.makeAdminFailed : error.message);
          },
        })
      }
    >
      {makeAdmin.isPending && (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      )}
      Make Admin
    </button>
  );
}

/** All users, with Make Admin for everyone who is not an admin yet (spec §4 User role). */
export function UsersTable() {
  const { data: users = [], isPending, isError, error } = useUsers();

  if (isPending) return <Spinner text="Loading users…" />;
  if (isError) {
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  }
  if (users.length === 0) return <p className="text-base-content/70">No users yet.</p>;

  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm sm:table-md">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role / Action</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user, index) => (
            <tr key={user._id} className="hover:bg-base-200/60">
              <th scope="row" className="text-base-content/60">
                {index + 1}
              </th>
              <td className="font-medium">{user.name}</td>
              <td>
                <EmailAddress email={user.email} />
              </td>
              <td>
                <RoleCell user={user} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
