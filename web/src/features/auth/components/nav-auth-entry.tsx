import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { signOut } from '../session-store';
import { useCurrentUser } from '../use-current-user';

/** The navbar's sign-in entry: SignIn while signed out, SignOut while signed in (spec §1). */
export function NavAuthEntry() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (!user) {
    return (
      <Link to={paths.signIn} className="btn btn-primary btn-sm sm:btn-md">
        SignIn
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-outline btn-primary btn-sm sm:btn-md"
      onClick={async () => {
        await signOut();
        queryClient.clear();
        navigate(paths.signIn);
      }}
    >
      SignOut
    </button>
  );
}
