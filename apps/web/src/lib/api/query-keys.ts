/**
 * The root query keys that more than one feature reads or invalidates. Features never
 * import each other, so a key two features share lives here, once: a feature that
 * changes what another shows invalidates that feature's key by importing it from here.
 * Keys only one feature uses stay in that feature's `api/` files.
 */

/** Every restaurant query (the restaurants list and every screen's restaurant choices). */
export const restaurantsQueryKey = ['restaurants'] as const;

/** Every training query; saving a quiz changes the trainings linked to it. */
export const trainingsQueryKey = ['trainings'] as const;

/** Every quiz query; saving a training changes which trainings a quiz lists as linked. */
export const quizzesQueryKey = ['quizzes'] as const;

/** Every dashboard query; announcements, assignments and audits change what they count. */
export const dashboardsQueryKey = ['dashboards'] as const;

/** The training categories, shared by the trainings and assignments screens. */
export const trainingCategoriesQueryKey = ['training-categories'] as const;

/**
 * What the signed-in person has still to acknowledge (the dashboards' pinned cards) and
 * every acknowledgement figure: acknowledging, on a dashboard or an announcement's page,
 * refreshes both.
 */
export const acknowledgementsQueryKey = ['acknowledgements'] as const;

/** Every audit query: the audit's page and its report (two features) both show its sign-off. */
export const auditsQueryKey = ['audits'] as const;
