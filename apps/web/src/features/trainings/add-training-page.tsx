import { allows } from '@brigade/core/permissions';
import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/current-user';
import { HqOnlyNotice } from './hq-only-notice';
import { TrainingForm } from './training-form';

/** /trainings/add: the empty training form for hq; everyone else is told it is not theirs. */
export function AddTrainingPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  return (
    <>
      <PageHeader title={t`Add Training`} />
      {allows(me.role, 'trainings.manage') ? <TrainingForm training={null} /> : <HqOnlyNotice />}
    </>
  );
}
