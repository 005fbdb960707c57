import type { CorePublicCatalogue } from './catalogue-parts';

/** Dutch before sign-in: the public part (`PUBLIC_TEXTS`), the only part of core's texts Sign In downloads. */
export const nlPublic: CorePublicCatalogue = {
  texts: {
    // The forms' field messages
    'Name is required': 'Naam is verplicht',
    'Email is required': 'E-mailadres is verplicht',
    'Invalid email format': 'Ongeldig e-mailadres',
    'Password is required': 'Wachtwoord is verplicht',
    'Password must be at least 6 characters': 'Wachtwoord moet minstens 6 tekens hebben',

    // Sign In
    'Your session has ended. Please sign in again.': 'Je sessie is verlopen. Log opnieuw in.',
    'This account has been deactivated. Ask head office to reactivate it.':
      'Dit account is gedeactiveerd. Vraag het hoofdkantoor om het weer te activeren.',
    'Too many sign-in attempts. Please wait a minute and try again.':
      'Te veel inlogpogingen. Wacht een minuut en probeer het opnieuw.',
    'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.':
      'Te veel mislukte inlogpogingen voor dit account. Wacht 15 minuten en probeer het opnieuw.',
    'Many sign-in attempts on this account have failed. Please wait a minute and try again.':
      'Op dit account zijn veel inlogpogingen mislukt. Wacht een minuut en probeer het opnieuw.',
    'Cross-site requests are not allowed.': 'Cross-site-verzoeken zijn niet toegestaan.',

    // First run
    'Brigade already has a head office account. Sign in instead.':
      'Brigade heeft al een account voor het hoofdkantoor. Log gewoon in.',

    // Forgot password and the reset link
    'Too many requests. Please wait a minute and try again.':
      'Te veel verzoeken. Wacht een minuut en probeer het opnieuw.',
    'If an account uses this email, a link to choose a new password is on its way. It works once, within 30 minutes.':
      'Als er een account met dit e-mailadres bestaat, is er een link onderweg om een nieuw wachtwoord te kiezen. De link werkt één keer, binnen 30 minuten.',
    'This link is invalid, used or expired. Ask for a new one from Sign In.':
      'Deze link is ongeldig, al gebruikt of verlopen. Vraag een nieuwe aan via Inloggen.',
    'Brigade cannot send email here. Ask head office to set a temporary password for you; you will choose your own when you sign in.':
      'Brigade kan hier geen e-mail versturen. Vraag het hoofdkantoor om een tijdelijk wachtwoord voor je in te stellen; bij het inloggen kies je dan je eigen wachtwoord.',
    'Your password has been changed. Sign in with your new password.':
      'Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.',

    // Choosing a new password after a temporary one
    'Please choose a new password before you continue.': 'Kies een nieuw wachtwoord voordat je verdergaat.',
    'Password changed': 'Wachtwoord gewijzigd',
    'Your organisation signs in with single sign-on: use its button below instead of a password.':
      'Je organisatie logt in met single sign-on: gebruik de knop hieronder in plaats van een wachtwoord.',
    // Passkeys (issue 36)
    'This passkey could not sign you in. Try again, or sign in with your password.':
      'Deze passkey kon je niet inloggen. Probeer het opnieuw, of log in met je wachtwoord.',
    'This passkey sign-in took too long or was already used. Please try again.':
      'Deze inlogpoging met een passkey duurde te lang of is al gebruikt. Probeer het opnieuw.',
  },
};
