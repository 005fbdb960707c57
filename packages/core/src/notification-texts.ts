/**
 * The title and body of each kind of notification (issue 20): the bell's list shows
 * them, and an email uses the title as its subject. One place, so the server's writers
 * and the tests say the same words.
 */
export const notificationTexts = {
  trainingAssigned: (training: string, dueOn: string | null) => ({
    title: `New training: ${training}`,
    body: dueOn ? `Due ${dueOn}` : 'No due date',
  }),
  trainingDueSoon: (training: string, dueOn: string) => ({
    title: `Training due soon: ${training}`,
    body: `Due ${dueOn}`,
  }),
  trainingOverdue: (training: string, dueOn: string) => ({
    title: `Training overdue: ${training}`,
    body: `It was due ${dueOn}`,
  }),
  announcementAck: (title: string) => ({
    title: `Please acknowledge: ${title}`,
    body: 'Read it and press "I have read this".',
  }),
  actionAssigned: (itemText: string, restaurant: string, dueOn: string) => ({
    title: `Corrective action assigned: ${itemText}`,
    body: `${restaurant} · due ${dueOn}`,
  }),
  actionOverdue: (itemText: string, restaurant: string, dueOn: string) => ({
    title: `Corrective action overdue: ${itemText}`,
    body: `${restaurant} · it was due ${dueOn}`,
  }),
  auditDue: (restaurant: string, schedule: string, periodEnd: string) => ({
    title: `Audit due: ${restaurant}`,
    body: `${schedule} · before ${periodEnd}`,
  }),
  trainingSuggested: (training: string, itemText: string, restaurant: string) => ({
    title: `Training suggested: ${training}`,
    body: `"${itemText}" needs attention at ${restaurant}`,
  }),
  weeklyDigest: (restaurant: string, overdueTrainings: number, openActions: number) => ({
    title: `Weekly digest: ${restaurant}`,
    body: `${overdueTrainings} overdue training${overdueTrainings === 1 ? '' : 's'} · ${openActions} open corrective action${openActions === 1 ? '' : 's'}`,
  }),
};
