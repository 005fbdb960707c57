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
  userExists: 'User with this email already exists',
  accountDeactivated: 'This account has been deactivated. Ask head office to reactivate it.',
  firstRunClosed: 'Brigade already has a head office account. Sign in instead.',
  signedOut: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  restaurantForbidden: 'You do not have access to this restaurant.',
  restaurantNotFound: 'Restaurant not found',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
} as const;

/** "Please select a restaurant ..." notices a manager sees without a selected restaurant. */
export const selectRestaurantMessages = {
  staff: 'Please select a restaurant to manage staff.',
  audits: 'Please select a restaurant to view audits.',
  trainingAssignments: 'Please select a restaurant to view training assignments.',
  assignTrainings: 'Please select a restaurant to assign trainings.',
  salesReport: 'Please select a restaurant to view sales report',
  productMixReport: 'Please select a restaurant to view product mix report',
  operationsReport: 'Please select a restaurant to view operations report',
} as const;
