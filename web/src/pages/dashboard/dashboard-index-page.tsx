import { useCurrentUser } from '../../features/auth/use-current-user';
import { MyOrdersPage } from './my-orders-page';
import { MyProfilePage } from './my-profile-page';

/** The bare dashboard path: My Orders for customers, My Profile for admins (spec §2). */
export function DashboardIndexPage() {
  const { user } = useCurrentUser();
  return user?.isAdmin ? <MyProfilePage /> : <MyOrdersPage />;
}
