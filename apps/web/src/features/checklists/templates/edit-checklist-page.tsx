import { checklistMessages } from '@brigade/core/checklist-items';
import type { Checklist } from '@brigade/core/schemas/checklists';
import type { RestaurantOption } from '@brigade/core/schemas/restaurants';
import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { FormPage, type FormPageLoad } from '../../../components/form-page';
import { useRestaurantOptions } from '../../../lib/api/get-restaurant-options';
import { useCurrentUser } from '../../../lib/current-user';
import { useCoreText } from '../../../lib/i18n';
import { useChecklist } from './api/get-checklist';
import { ChecklistForm, FORM_WIDTH } from './checklist-form';
import { ChecklistReadView } from './checklist-read-view';

interface Loaded {
  checklist: Checklist;
  restaurants: readonly RestaurantOption[];
}

/**
 * /checklist-templates/{id}/edit: the form, starting from the stored checklist. A manager
 * opening a chain template reads it instead: only head office changes those.
 */
export function EditChecklistPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const { id = '' } = useParams();
  const isHq = me.role === 'hq';
  const checklist = useChecklist(id);
  const restaurants = useRestaurantOptions({ enabled: isHq });
  const readOnly = !isHq && checklist.data?.restaurant === null;
  const load: FormPageLoad<Loaded> = {
    data:
      checklist.data && (!isHq || restaurants.data)
        ? { checklist: checklist.data, restaurants: restaurants.data ?? [] }
        : undefined,
    error: checklist.error ?? (isHq ? restaurants.error : null),
    isPending: checklist.isPending || (isHq && restaurants.isPending),
    isFetching: checklist.isFetching || restaurants.isFetching,
    refetch: () => Promise.all([checklist.refetch(), isHq ? restaurants.refetch() : null]),
  };

  return (
    <FormPage
      title={readOnly ? (checklist.data?.name ?? t`Checklist`) : t`Edit Checklist`}
      subtitle={readOnly ? t`A checklist of the chain: only head office changes it.` : undefined}
      load={load}
      width={FORM_WIDTH}
      loadingLabel={t`Loading checklist`}
      skeletonRows={5}
      loadFailed={t`Failed to load the checklist`}
      notFound={{
        message: text(checklistMessages.checklistNotFound),
        backTo: '/checklist-templates',
        backLabel: t`Back to Checklists`,
      }}
    >
      {({ checklist: stored, restaurants: choices }) =>
        readOnly ? (
          <ChecklistReadView checklist={stored} />
        ) : (
          <ChecklistForm
            key={stored.id}
            checklist={stored}
            restaurant={stored.restaurant}
            restaurantChoices={choices}
          />
        )
      }
    </FormPage>
  );
}
