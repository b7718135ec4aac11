import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The navbar's sign-in entry. Reads SignIn while signed out (spec §1); SignOut arrives with sessions. */
export function NavAuthEntry() {
  return (
    <Link to={paths.signIn} className="btn btn-primary btn-sm sm:btn-md">
      SignIn
    </Link>
  );
}
