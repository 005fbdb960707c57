import { useCurrentUser } from '../../lib/current-user';
import { HqAssignView } from './hq-assign-view';
import { ManagerAssignView } from './manager-assign-view';

/** /training-assign: hq's assigning screen, or a manager's per-restaurant staff panel (core §2). */
export function TrainingAssignPage() {
  const me = useCurrentUser();
  return me.role === 'hq' ? <HqAssignView /> : <ManagerAssignView />;
}
