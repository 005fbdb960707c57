import { useCurrentUser } from '../../lib/current-user';
import { HqAuditsView } from './hq-audits-view';
import { TeamAuditsView } from './team-audits-view';

/** /audits-management: hq runs audits; managers and staff read the completed ones (core-operations §2). */
export function AuditsPage() {
  const me = useCurrentUser();
  return me.role === 'hq' ? <HqAuditsView /> : <TeamAuditsView />;
}
