import type { CorePublicCatalogue } from './catalogue-parts';

/** French before sign-in: the public part (`PUBLIC_TEXTS`), the only part of core's texts Sign In downloads. */
export const frPublic: CorePublicCatalogue = {
  texts: {
    // The forms' field messages
    'Name is required': 'Le nom est obligatoire',
    'Email is required': "L'e-mail est obligatoire",
    'Invalid email format': "Format d'e-mail invalide",
    'Password is required': 'Le mot de passe est obligatoire',
    'Password must be at least 6 characters': 'Le mot de passe doit contenir au moins 6 caractères',

    // Sign In
    'Your session has ended. Please sign in again.': 'Votre session a expiré. Veuillez vous reconnecter.',
    'This account has been deactivated. Ask head office to reactivate it.':
      'Ce compte a été désactivé. Demandez au siège de le réactiver.',
    'Too many sign-in attempts. Please wait a minute and try again.':
      'Trop de tentatives de connexion. Veuillez patienter une minute et réessayer.',
    'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.':
      'Trop de tentatives de connexion échouées pour ce compte. Veuillez patienter 15 minutes et réessayer.',
    'Many sign-in attempts on this account have failed. Please wait a minute and try again.':
      'De nombreuses tentatives de connexion à ce compte ont échoué. Veuillez patienter une minute et réessayer.',
    'Cross-site requests are not allowed.': 'Les requêtes intersites ne sont pas autorisées.',

    // First run
    'Brigade already has a head office account. Sign in instead.':
      'Brigade a déjà un compte pour le siège. Connectez-vous.',

    // Forgot password and the reset link
    'Too many requests. Please wait a minute and try again.':
      'Trop de requêtes. Veuillez patienter une minute et réessayer.',
    'If an account uses this email, a link to choose a new password is on its way. It works once, within 30 minutes.':
      "Si un compte utilise cet e-mail, un lien pour choisir un nouveau mot de passe vient d'être envoyé. Il ne fonctionne qu'une fois, dans les 30 minutes.",
    'This link is invalid, used or expired. Ask for a new one from Sign In.':
      'Ce lien est invalide, déjà utilisé ou expiré. Demandez-en un nouveau depuis la page Se connecter.',
    'Brigade cannot send email here. Ask head office to set a temporary password for you; you will choose your own when you sign in.':
      "Brigade ne peut pas envoyer d'e-mails ici. Demandez au siège de vous attribuer un mot de passe temporaire\u00a0; vous choisirez le vôtre à la connexion.",
    'Your password has been changed. Sign in with your new password.':
      'Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.',

    // Choosing a new password after a temporary one
    'Please choose a new password before you continue.': 'Veuillez choisir un nouveau mot de passe avant de continuer.',
    'Password changed': 'Mot de passe modifié',
    'Your organisation signs in with single sign-on: use its button below instead of a password.':
      'Votre organisation se connecte par authentification unique : utilisez son bouton ci-dessous plutôt qu’un mot de passe.',
    // Passkeys (issue 36)
    'This passkey could not sign you in. Try again, or sign in with your password.':
      'Cette clé d’accès n’a pas pu vous connecter. Réessayez, ou connectez-vous avec votre mot de passe.',
    'This passkey sign-in took too long or was already used. Please try again.':
      'Cette connexion par clé d’accès a pris trop de temps ou a déjà été utilisée. Veuillez réessayer.',
  },
};
