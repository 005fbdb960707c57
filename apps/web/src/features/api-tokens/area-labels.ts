import type { ApiArea } from '@brigade/core/api-scopes';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** What each area of the API is called on the screen. */
export const AREA_LABELS: Record<ApiArea, MessageDescriptor> = {
  people: msg`People`,
  restaurants: msg`Restaurants`,
  audits: msg`Audits`,
  actions: msg`Corrective actions`,
  checklists: msg`Checklists`,
  trainings: msg`Trainings`,
  announcements: msg`Announcements`,
};
