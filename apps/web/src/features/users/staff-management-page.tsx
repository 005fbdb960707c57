import { useCurrentUser } from '../../lib/current-user';
import { HqStaffView } from './hq-staff-view';
import { ManagerStaffView } from './manager-staff-view';

/** /staff-management: hq and managers get different screens (core-operations §2). */
export function StaffManagementPage() {
  const me = useCurrentUser();
  const caller = { id: me.id, role: me.role, restaurantIds: me.restaurants.map((restaurant) => restaurant.id) };
  return me.role === 'manager' ? <ManagerStaffView caller={caller} /> : <HqStaffView caller={caller} />;
}
