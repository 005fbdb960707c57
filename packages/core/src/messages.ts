/**
 * The spec's visible texts that more than one side uses (form, server, tests).
 * Word for word from ../shared/spec; change them only when the spec changes.
 */
export const messages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  profileLoadFailed: 'Failed to load profile data',
  // Languages (issue 22): not in the spec.
  languageInvalid: 'Choose English, Nederlands or Français',
  /** Every date a person enters: see `LATEST_DAY` (issue 31). */
  dateTooLate: 'Choose a date no later than 31 December 2100',
  userExists: 'User with this email already exists',
  accountDeactivated: 'This account has been deactivated. Ask head office to reactivate it.',
  firstRunClosed: 'Brigade already has a head office account. Sign in instead.',
  signedOut: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  restaurantForbidden: 'You do not have access to this restaurant.',
  restaurantNotFound: 'Restaurant not found',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  // Web security (issue 11): not in the spec, the server's own answers.
  tooManyAccountAttempts: 'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
  /** Guessing from many addresses slows every address the account has not signed in from (docs/decisions/028). */
  signInSlowedDown: 'Many sign-in attempts on this account have failed. Please wait a minute and try again.',
  crossSiteRequest: 'Cross-site requests are not allowed.',
  // Password reset (issue 20): not in the spec, the server's own answers.
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  passwordResetSent:
    'If an account uses this email, a link to choose a new password is on its way. It works once, within 30 minutes.',
  passwordResetLinkInvalid: 'This link is invalid, used or expired. Ask for a new one from Sign In.',
  passwordResetByEmailOff:
    'Brigade cannot send email here. Ask head office to set a temporary password for you; you will choose your own when you sign in.',
  passwordResetDone: 'Your password has been changed. Sign in with your new password.',
  passwordChangeRequired: 'Please choose a new password before you continue.',
  passwordChanged: 'Password changed',
  /** Single sign-on (issue 36): the domain's provider switched password sign-in off. */
  passwordSignInOff: 'Your organisation signs in with single sign-on: use its button below instead of a password.',
  temporaryPasswordSet: 'Temporary password set. They must choose their own at their next sign-in.',
  temporaryPasswordNotYourself: 'Change your own password in your profile.',

  // Restaurants (core §5, §8)
  cityRequired: 'City is required',
  countryRequired: 'Country is required',
  addressRequired: 'Address is required',
  noRestaurantsFound: 'No restaurants found',
  restaurantHasHistory:
    'This restaurant has audits, staff or training history, so it cannot be deleted. Deactivate it instead.',

  // Staff (core §5, §8)
  newStaffPasswordRequired: 'Password is required for new staff',
  restaurantRequired: 'At least one restaurant must be selected',
  staffDeleteConfirm: 'Are you sure you want to delete this staff member? This action cannot be undone.',
  noStaffFound: 'No staff members found',
  staffLoadFailed: 'Failed to load staff data',
  staffDeleteFailed: 'Failed to delete staff member',
  staffStatusFailed: 'Failed to update staff status',
  userUpdateFailed: 'Failed to update user',
  userCreateFailed: 'Failed to create user',
  staffSaveFailed: 'Error saving staff member',
  userNotFound: 'User not found',
  managerStaffOnly: 'Managers can only add and edit staff members.',
  managerRoleLocked: 'Managers cannot change a role.',
  managerSharedStaff:
    'This person also works at restaurants you do not manage. Ask head office to change their account.',
  notYourself: 'You cannot deactivate or delete your own account.',
  lastHq: 'Brigade needs at least one active head office account.',

  // Audit templates (core §5, §8)
  templateNameRequired: 'Template name is required',
  templateItemsNeedText: 'All items must have text',
  templateNeedsItem: 'A template needs at least one item',
  templatesLoadFailed: 'Failed to load audit templates',
  templateLoadFailed: 'Failed to load template',
  templateCreateFailed: 'Failed to create template',
  templateUpdateFailed: 'Failed to update template',
  templateDeleteFailed: 'Failed to delete template',
  templateNotFound: 'Template not found',

  // Audits (core §5, §8; reports §4)
  newAuditIncomplete: 'Please select a restaurant, at least one template, and an auditor',
  auditCreateFailed: 'Failed to create audit',
  auditNotFound: 'Audit not found',
  auditLoadFailed: 'Failed to load audit',
  auditsLoadFailed: 'Failed to load audits',
  auditsFetchFailed: 'Failed to fetch audits',
  auditSaved: 'Audit saved successfully',
  auditSaveFailed: 'Failed to save audit',
  auditSubmitFailed: 'Failed to submit audit',
  auditDeleteFailed: 'Failed to delete audit',
  auditCompletedReadOnly: 'This audit is completed and can no longer be changed.',
  auditChangedElsewhere:
    'This draft was changed by someone else since you opened it. Reload to see the latest version.',
  auditorMustBeHq: 'The auditor must be an active head office user.',
  // The audit report (issue 19): the PDF and the print page.
  auditReportNeedsCompleted: 'Only a completed audit has a report. Submit the audit first.',
  auditReportLoadFailed: 'Failed to load the audit report',
  photoUnavailable: 'Photo unavailable',
  noAuditsFound: 'No audits found',
  tryDifferentSearch: 'Try a different search term',
  noCompletedAudits: 'No completed audits available for this restaurant',
  confirmDeletion: 'Confirm Deletion',
  cannotBeUndone: 'This action cannot be undone.',
  draft: 'Draft',
  noScore: 'No Score',
  deletedUser: 'Deleted user',

  // Trainings (core §5, §8)
  titleRequired: 'Title is required',
  categoryRequired: 'At least one category must be selected',
  videoUrlsMustBeFilled: 'All video URLs must be filled',
  invalidVideoUrl: 'Invalid video URL. Please provide a direct video URL.',
  trainingNotFound: 'Training module not found',
  trainingsLoadFailed: 'Failed to load trainings',
  categoriesLoadFailed: 'Failed to load categories',
  trainingLoadFailed: 'Failed to load training module',
  trainingDeleteFailed: 'Failed to delete training. Please try again.',
  categoryExists: 'A category with this name already exists',
  trainingsHqOnly: 'Only head office can add or edit trainings.',
  uploadNotFound: 'Uploaded video not found',
  uploadNotVideo: 'Only video files can be uploaded.',

  // Quizzes (core §5, §8, §9)
  quizTitleRequired: 'Quiz title is required',
  questionsNeedText: 'All questions must have text',
  optionsNeedText: 'All options must have text',
  quizTitleTaken: 'A quiz with this title already exists',
  quizzesLoadFailed: 'Failed to load quizzes',
  quizDeleteFailed: 'Failed to delete quiz',
  quizCreateFailed: 'Failed to create quiz',
  quizSaveFailed: 'Failed to save quiz',
  quizNotFound: 'No quiz found for this training module',
  quizLoadFailed: 'Failed to load quiz data',
  quizSubmitFailed: 'Failed to submit quiz',
  quizPassed: 'Congratulations!',
  quizFailed: 'Keep Learning!',

  // Training assignment (core §5, §7, §8)
  selectTraining: 'Please select at least one training module',
  selectStaff: 'Please select at least one staff member',
  selectRestaurant: 'Please select a restaurant',
  allAlreadyAssigned: 'All selected trainings are already assigned to the selected staff',
  bulkAssigned: 'Training assignments created successfully',
  assignmentsLoadFailed: 'Failed to load training assignments',
  personAssignmentsLoadFailed: 'Failed to load the details of these trainings',
  assignmentsCreateFailed: 'Failed to create training assignments',
  assignmentDeleteFailed: 'Failed to delete training assignment',
  quizResetFailed: 'Failed to reset quiz attempt',
  assignFailed: 'Failed to assign trainings',
  assignmentNotFound: 'Training assignment not found',
  notAssignable: 'Trainings can only be assigned to active staff of your restaurants.',
  quizNotTaken: 'Quiz: Not taken',
  overdue: 'Overdue',

  // Announcements and dashboards (core §2, §8)
  announcementTitleRequired: 'Title is required',
  announcementDescriptionRequired: 'Description is required',
  announcementCreated: 'Announcement created successfully',
  announcementUpdated: 'Announcement updated successfully',
  announcementDeleted: 'Announcement deleted successfully',
  announcementCreateFailed: 'Failed to create announcement',
  announcementSaveFailed: 'Failed to save announcement',
  announcementDeleteFailed: 'Failed to delete announcement',
  announcementsLoadFailed: 'Failed to load announcements',
  authenticationError: 'Authentication error',
  announcementNotFound: 'Announcement not found',
  noAnnouncements: 'No announcements yet',
  noAnnouncementsHint: 'Create your first announcement to keep everyone informed.',
  dashboardLoadFailed: 'Failed to load dashboard data',
  noPendingAudits: 'No pending audits',
  actionNeeded: 'Action needed',
  noAuditsHint: 'Get started by creating your first audit',

  // Store performance (reports §2, §8)
  storeVisitsFailed: 'Failed to load store visits',
  storeVisitsNotConfigured: 'Store visits are not configured',
  restaurantsLoadFailed: 'Failed to load restaurants',
  storeDataLoadFailed: 'Failed to load data',
  selectRestaurantForPerformance: 'Please select a restaurant to view performance data.',
  noStoreVisits: 'No store visits found for this restaurant',
  noVisitNotes: 'No notes for this visit',
  noRestaurantAudits: 'No audits found for this restaurant',
  noRestaurantStaff: 'No staff members found for this restaurant',
  // Embedded reports (reports §5)
  selectRestaurantForReport: 'Please select a restaurant to view the report.',
  selectedRestaurantNotFound: 'Selected restaurant not found',

  // What the server refuses a request with that no screen sends as it is (a page left
  // open while someone else changed things, or a script): still said in the person's
  // language.
  selectedRestaurantMissing: 'A selected restaurant does not exist.',
  chooseActiveRestaurant: 'Choose an active restaurant.',
  selectedCategoryMissing: 'A selected category does not exist.',
  selectedTrainingMissing: 'A selected training does not exist.',
  selectedQuizMissing: 'The selected quiz does not exist.',
  quizMissing: 'Quiz not found',
  quizAttemptReused: 'This attempt id was already used for another quiz.',
  answerNotOfQuestion: 'An answer does not belong to its question.',
  itemNotOfAudit: 'An item does not belong to this audit.',
  itemNotOfTemplate: 'An item does not belong to this template.',
  videoNotOfTraining: 'A video does not belong to this training.',
  chooseVideoFile: 'Choose a video file to upload.',
  videoNotFound: 'Video not found',
  videoFileMissing: 'The video file is missing from file storage.',
  notificationNotFound: 'Notification not found',
  // Passkeys (issue 36): not in the spec.
  passkeySignInFailed: 'This passkey could not sign you in. Try again, or sign in with your password.',
  passkeySignInExpired: 'This passkey sign-in took too long or was already used. Please try again.',
  passkeyChallengeInvalid: 'Adding this passkey took too long or was already done. Please try again.',
  passkeyNotVerified: 'This passkey could not be checked. Please try again.',
  passkeyAlreadyAdded: 'This passkey is already added.',
  passkeyNotFound: 'Passkey not found',
  passkeyLimitReached: 'You have 20 passkeys, the most one person can keep. Remove one before adding another.',
  // Single sign-on settings (issue 36): not in the spec.
  identityProviderNotFound: 'Identity provider not found',
  identityProviderFromEnvironment: 'This provider is set by OIDC_* environment variables; change it there.',
  clientSecretRequired: 'Client secret is required',
  issuerMustBeHttps: 'Issuer must be an https URL',
  // API tokens (issue 37, decision 045): not in the spec.
  apiTokenNameRequired: 'Name the token after the system that will use it',
  apiTokenScopesRequired: 'Choose at least one scope',
  apiTokenExpiryInvalid: 'Choose when the token expires: in 30, 90 or 365 days, or never',
  apiTokenNotFound: 'API token not found',
  apiTokenInvalid: 'This API token is not valid, has expired or has been revoked.',
  apiTokenScopeMissing: 'This API token does not have the scope this request needs.',
  apiTokenNotAllowed: 'An API token cannot do this: sign in to Brigade instead.',
} as const;

/** The Pending Audits card's line: the spec's plural, and the singular for exactly one. */
export function pendingAuditsTrend(count: number): string {
  if (count === 0) return messages.noPendingAudits;
  return count === 1 ? '1 audit needs attention' : `${count} audits need attention`;
}

export function showingAuditsLine(shown: number, total: number): string {
  return `Showing ${shown} of ${total} audits`;
}

/** hq's result line after assigning (core §7). */
export function assignmentsCreatedMessage(count: number): string {
  return count === 1
    ? 'Successfully created 1 new training assignment'
    : `Successfully created ${count} new training assignments`;
}

export function quizScoreBadge(score: number): string {
  return `Quiz: ${score}%`;
}

/** Quiz taking: every question answered (core §5). */
export function answerAllQuestionsMessage(remaining: number): string {
  return `Please answer all questions before submitting (${remaining} remaining)`;
}

/** The quiz result line (core §9). */
export function quizScoreLine(correct: number, total: number): string {
  return `You scored ${correct} out of ${total} questions correctly.`;
}

/** Submit needs every item marked (core §5). */
export function assessAllItemsMessage(remaining: number): string {
  return `Please assess all items (${remaining} remaining)`;
}

/**
 * What a manager with no active restaurant sees where a page needs one: there is nothing
 * to select, so the spec's "Please select a restaurant ..." would send them looking.
 */
export const noActiveRestaurantMessage =
  'You are not assigned to an active restaurant. Ask head office to add you to one.';

/** "Please select a restaurant ..." notices a manager sees without a selected restaurant. */
export const selectRestaurantMessages = {
  staff: 'Please select a restaurant to manage staff.',
  audits: 'Please select a restaurant to view audits.',
  actions: 'Please select a restaurant to view corrective actions.',
  trainingAssignments: 'Please select a restaurant to view training assignments.',
  assignTrainings: 'Please select a restaurant to assign trainings.',
  salesReport: 'Please select a restaurant to view sales report',
  productMixReport: 'Please select a restaurant to view product mix report',
  operationsReport: 'Please select a restaurant to view operations report',
  today: "Please select a restaurant to see today's checklists.",
  checklists: 'Please select a restaurant to manage its checklists.',
  foodSafetyLog: 'Please select a restaurant to view its food-safety log.',
} as const;

/** Corrective actions (issue 19): the Actions screen, the action page and the server's refusals. */
export const actionMessages = {
  notFound: 'Corrective action not found',
  loadFailed: 'Failed to load corrective actions',
  loadOneFailed: 'Failed to load the corrective action',
  noneFound: 'No corrective actions found',
  noneHint: 'Actions appear here when an audit finds an item Bad or Needs improvement.',
  noteRequired: 'Please describe what was done',
  reasonRequired: 'Please give a reason for reopening',
  alreadyResolved: 'This action is already resolved.',
  alreadyOpen: 'This action is already open.',
  changedElsewhere: 'This action was changed by someone else. Reload it to see the latest version.',
  ownersRequired: 'Choose at least one owner',
  ownerNotAllowed: 'Owners must be active head office users or managers of this restaurant.',
  dueRequired: 'Choose a due date',
  dueInvalid: 'Due date must be a date (YYYY-MM-DD)',
  itemNotFound: 'Audit item not found',
  auditNotCompleted: 'Actions can only be added to a completed audit.',
  resolved: 'Action resolved',
  reopened: 'Action reopened',
  reassigned: 'Owners updated',
  dueChanged: 'Due date updated',
  created: 'Action added',
  actionFailed: 'Failed to update the action',
} as const;

/** Announcements that require acknowledgement (issue 20): the form, the pinned cards, the server's refusals. */
export const ackMessages = {
  requiresAckInvalid: 'Requires acknowledgement must be true or false',
  audienceRoleInvalid: 'Choose roles among staff, manager and hq',
  audienceRoleRepeated: 'Each role can be chosen once',
  audienceRestaurantInvalid: 'Choose restaurants from the list',
  audienceRestaurantRepeated: 'Each restaurant can be chosen once',
  audienceRestaurantNotFound: 'A chosen restaurant was not found',
  tooManyRestaurants: 'Choose at most 1000 restaurants',
  hqHaveNoRestaurant: 'hq work for no one restaurant: add another role or choose no restaurant',
  reacknowledgeInvalid: 'Say whether to require a new acknowledgement (true or false)',
  reacknowledgeRequired:
    'The text changed and people have already acknowledged it: say whether to require a new acknowledgement',
  statusInvalid: 'Status must be pending or acknowledged',
  notRequired: 'This announcement does not ask for an acknowledgement',
  notInAudience: 'This announcement is not addressed to you',
  selectRestaurant: 'Please select a restaurant to view acknowledgements.',
  acknowledged: 'Thank you for reading it',
  acknowledgeFailed: 'Failed to record your acknowledgement',
  loadFailed: 'Failed to load acknowledgements',
  pinnedLoadFailed: 'Failed to load announcements to acknowledge',
  requiresAckLabel: 'Requires acknowledgement',
  iHaveReadThis: 'I have read this',
  everyoneAcknowledged: 'Everyone has acknowledged it',
  nobodyAcknowledged: 'Nobody has acknowledged it yet',
  reacknowledgeQuestion: 'People have already acknowledged this announcement. Require a new acknowledgement?',
} as const;
