import { allows } from '@brigade/core/permissions';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/current-user';
import { HqOnlyNotice } from './hq-only-notice';
import { TrainingForm } from './training-form';

/** /trainings/add: the empty training form for hq; everyone else is told it is not theirs. */
export function AddTrainingPage() {
  const me = useCurrentUser();
  return (
    <>
      <PageHeader title="Add Training" />
      {allows(me.role, 'trainings.manage') ? <TrainingForm training={null} /> : <HqOnlyNotice />}
    </>
  );
}
