import type { CoreAppCatalogue } from './catalogue-parts';

/** French in the signed-in app: the app part, loaded with the app's code (see fr.ts). */
export const frApp: CoreAppCatalogue = {
  texts: {
    // Webhooks (issue 37)
    Webhooks: 'Webhooks',
    'Enter the full address of the endpoint, starting with https://':
      'Saisissez l’adresse complète du point de terminaison, commençant par https://',
    'The endpoint must use https': 'Le point de terminaison doit utiliser https',
    'This address is on a private or local network, which webhooks may not reach':
      'Cette adresse se trouve sur un réseau privé ou local, que les webhooks ne peuvent pas atteindre',
    'The host name of this address could not be found': 'Le nom d’hôte de cette adresse est introuvable',
    'Choose at least one event': 'Choisissez au moins un événement',
    'Webhook not found': 'Webhook introuvable',
    'Delivery not found': 'Envoi introuvable',
    'Audit completed': 'Audit terminé',
    'Corrective action opened': 'Action corrective ouverte',
    'Corrective action resolved': 'Action corrective résolue',
    'Corrective action reopened': 'Action corrective rouverte',
    'Checklist item failed': 'Point de checklist non conforme',
    'Announcement acknowledged': 'Annonce confirmée',
    'Training completed': 'Formation terminée',
    'Person added': 'Personne ajoutée',
    'Person deactivated': 'Personne désactivée',
    'Test message from Brigade': 'Message de test de Brigade',
    Restaurant: 'Restaurant',
    Score: 'Score',
    Due: 'Échéance',
    Person: 'Personne',
    Role: 'Rôle',
    'Open in Brigade': 'Ouvrir dans Brigade',
    'This endpoint receives Brigade events.': 'Ce point de terminaison reçoit les événements de Brigade.',
    Bad: 'Mauvais',
    'Needs improvement': 'À améliorer',
    Good: 'Bon',
    Excellent: 'Excellent',
    'New training assigned': 'Nouvelle formation attribuée',
    'Training due in 3 days': 'Formation à terminer dans 3 jours',
    'Training overdue': 'Formation en retard',
    'Announcement requiring acknowledgement': 'Annonce avec confirmation de lecture',
    'Corrective action assigned': 'Action corrective attribuée',
    'Corrective action overdue': 'Action corrective en retard',
    'Audit due': 'Audit prévu',
    'Training suggested by an audit finding': "Formation suggérée par un constat d'audit",
    'Checklist window open': "Ouverture d'une checklist",
    'Checklist missed': 'Checklist manquée',
    'Webhook turned off after failures': 'Webhook désactivé après des échecs',
    // Temperature sensors (issue 37)
    'Name the device after what it measures (e.g. "Walk-in fridge")':
      'Nommez l’appareil d’après ce qu’il mesure (p. ex. « Chambre froide »)',
    'Choose the restaurant the device is in': 'Choisissez le restaurant où se trouve l’appareil',
    'Choose fridge, freezer or hot-holding': 'Choisissez réfrigérateur, congélateur ou maintien au chaud',
    'Enter a temperature in °C': 'Saisissez une température en °C',
    'Enter a temperature between -100 °C and 400 °C': 'Saisissez une température entre -100 °C et 400 °C',
    'The low limit must be below the high limit': 'La limite basse doit être inférieure à la limite haute',
    'Enter between 0 and 1440 minutes': 'Saisissez entre 0 et 1440 minutes',
    'Device not found': 'Appareil introuvable',
    'Excursion not found': 'Dépassement introuvable',
    'Temperature out of range': 'Température hors limites',
    'Sensor offline': 'Capteur hors ligne',
    'Weekly digest of my restaurant': 'Résumé hebdomadaire de mon restaurant',
    'Quiz passed. Watch every video of the training to complete it.':
      'Quiz réussi. Regardez toutes les vidéos de la formation pour la terminer.',
    // Profile, permissions and passwords
    'Profile updated successfully': 'Profil mis à jour',
    'Failed to update profile': 'Impossible de mettre à jour le profil',
    'Failed to load profile data': 'Impossible de charger les données du profil',
    'Choose English, Nederlands or Français': 'Choisissez English, Nederlands ou Français',
    'Choose a date no later than 31 December 2100': 'Choisissez une date au plus tard le 31 décembre 2100',
    'User with this email already exists': 'Un utilisateur avec cet e-mail existe déjà',
    'You do not have permission to do this.': "Vous n'avez pas l'autorisation d'effectuer cette action.",
    'You do not have access to this restaurant.': "Vous n'avez pas accès à ce restaurant.",
    'Restaurant not found': 'Restaurant introuvable',
    'Temporary password set. They must choose their own at their next sign-in.':
      'Mot de passe temporaire défini. La personne devra choisir le sien à sa prochaine connexion.',
    'Change your own password in your profile.': 'Modifiez votre propre mot de passe dans votre profil.',

    // Restaurants
    'City is required': 'La ville est obligatoire',
    'Country is required': 'Le pays est obligatoire',
    'Address is required': "L'adresse est obligatoire",
    'No restaurants found': 'Aucun restaurant trouvé',
    'This restaurant has audits, staff or training history, so it cannot be deleted. Deactivate it instead.':
      'Ce restaurant a des audits, du personnel ou un historique de formations\u00a0: il ne peut donc pas être supprimé. Désactivez-le plutôt.',

    // Staff
    'Password is required for new staff': 'Le mot de passe est obligatoire pour un nouveau membre du personnel',
    'At least one restaurant must be selected': 'Sélectionnez au moins un restaurant',
    'Are you sure you want to delete this staff member? This action cannot be undone.':
      'Voulez-vous vraiment supprimer ce membre du personnel\u00a0? Cette action est irréversible.',
    'No staff members found': 'Aucun membre du personnel trouvé',
    'Failed to load staff data': 'Impossible de charger les données du personnel',
    'Failed to delete staff member': 'Impossible de supprimer le membre du personnel',
    'Failed to update staff status': 'Impossible de mettre à jour le statut du membre du personnel',
    'Failed to update user': "Impossible de mettre à jour l'utilisateur",
    'Failed to create user': "Impossible de créer l'utilisateur",
    'Error saving staff member': "Erreur lors de l'enregistrement du membre du personnel",
    'User not found': 'Utilisateur introuvable',
    'Managers can only add and edit staff members.':
      'Les responsables peuvent uniquement ajouter et modifier des membres du personnel.',
    'Managers cannot change a role.': 'Les responsables ne peuvent pas modifier un rôle.',
    'This person also works at restaurants you do not manage. Ask head office to change their account.':
      'Cette personne travaille aussi dans des restaurants que vous ne gérez pas. Demandez au siège de modifier son compte.',
    'You cannot deactivate or delete your own account.':
      'Vous ne pouvez pas désactiver ni supprimer votre propre compte.',
    'Brigade needs at least one active head office account.':
      "Brigade a besoin d'au moins un compte actif pour le siège.",

    // Audit templates
    'Template name is required': 'Le nom du modèle est obligatoire',
    'All items must have text': 'Tous les points de contrôle doivent avoir un texte',
    'A template needs at least one item': 'Un modèle doit contenir au moins un point de contrôle',
    'Failed to load audit templates': "Impossible de charger les modèles d'audit",
    'Failed to load template': 'Impossible de charger le modèle',
    'Failed to create template': 'Impossible de créer le modèle',
    'Failed to update template': 'Impossible de mettre à jour le modèle',
    'Failed to delete template': 'Impossible de supprimer le modèle',
    'Template not found': 'Modèle introuvable',

    // Audits
    'Please select a restaurant, at least one template, and an auditor':
      'Veuillez sélectionner un restaurant, au moins un modèle et un auditeur',
    'Failed to create audit': "Impossible de créer l'audit",
    'Audit not found': 'Audit introuvable',
    'Failed to load audit': "Impossible de charger l'audit",
    'Failed to load audits': 'Impossible de charger les audits',
    'Failed to fetch audits': 'Impossible de récupérer les audits',
    'Audit saved successfully': 'Audit enregistré',
    'Failed to save audit': "Impossible d'enregistrer l'audit",
    'Failed to submit audit': "Impossible de soumettre l'audit",
    'Failed to delete audit': "Impossible de supprimer l'audit",
    'This audit is completed and can no longer be changed.': 'Cet audit est terminé et ne peut plus être modifié.',
    'This draft was changed by someone else since you opened it. Reload to see the latest version.':
      "Ce brouillon a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert. Rechargez la page pour voir la dernière version.",
    'The auditor must be an active head office user.': "L'auditeur doit être un utilisateur actif du siège.",
    'Only a completed audit has a report. Submit the audit first.':
      "Seul un audit terminé a un rapport. Soumettez d'abord l'audit.",
    'Failed to load the audit report': "Impossible de charger le rapport d'audit",
    'Photo unavailable': 'Photo indisponible',
    // Photo evidence (photoMessages)
    'Photo not found': 'Photo introuvable',
    'Choose a photo to upload.': 'Choisissez une photo à envoyer.',
    'This audit is completed: its photos can no longer be added or removed.':
      'Cet audit est terminé : ses photos ne peuvent plus être ajoutées ni supprimées.',
    'This corrective action is resolved: its photos can no longer be added or removed.':
      'Cette action corrective est résolue : ses photos ne peuvent plus être ajoutées ni supprimées.',
    'This item already has 5 photos, the most it may have. Remove one to add another.':
      'Ce point de contrôle a déjà 5 photos, le maximum. Supprimez-en une pour en ajouter une autre.',
    'This corrective action already has 5 photos, the most it may have. Remove one to add another.':
      'Cette action corrective a déjà 5 photos, le maximum. Supprimez-en une pour en ajouter une autre.',
    'This photo has too many pixels: at most 70 megapixels.':
      'Cette photo a trop de pixels : 70 mégapixels au maximum.',
    'This photo is too wide or too tall: at most 12000 pixels on each side.':
      'Cette photo est trop large ou trop haute : 12000 pixels au maximum de chaque côté.',
    'This photo takes too long to process. Send a smaller photo, or a JPEG.':
      'Le traitement de cette photo prend trop de temps. Envoyez une photo plus petite, ou un JPEG.',
    'This photo needs too much memory to process. Send a smaller photo, or a JPEG.':
      'Le traitement de cette photo demande trop de mémoire. Envoyez une photo plus petite, ou un JPEG.',
    'The server is processing many photos right now. Try again in a few seconds.':
      'Le serveur traite beaucoup de photos en ce moment. Réessayez dans quelques secondes.',
    'No audits found': 'Aucun audit trouvé',
    'Try a different search term': 'Essayez un autre terme de recherche',
    'No completed audits available for this restaurant': 'Aucun audit terminé pour ce restaurant',
    'Confirm Deletion': 'Confirmer la suppression',
    'This action cannot be undone.': 'Cette action est irréversible.',
    Draft: 'Brouillon',
    'No Score': 'Aucun score',
    'Deleted user': 'Utilisateur supprimé',

    // Trainings
    'Title is required': 'Le titre est obligatoire',
    'At least one category must be selected': 'Sélectionnez au moins une catégorie',
    'All video URLs must be filled': 'Toutes les URL de vidéo doivent être renseignées',
    'Invalid video URL. Please provide a direct video URL.':
      "URL de vidéo invalide. Veuillez indiquer l'URL directe d'un fichier vidéo.",
    'Training module not found': 'Module de formation introuvable',
    'Failed to load trainings': 'Impossible de charger les formations',
    'Failed to load categories': 'Impossible de charger les catégories',
    'Failed to load training module': 'Impossible de charger le module de formation',
    'Failed to delete training. Please try again.': 'Impossible de supprimer la formation. Veuillez réessayer.',
    'A category with this name already exists': 'Une catégorie portant ce nom existe déjà',
    'Only head office can add or edit trainings.': 'Seul le siège peut ajouter ou modifier des formations.',
    'Uploaded video not found': 'Vidéo importée introuvable',
    'Only video files can be uploaded.': 'Seuls les fichiers vidéo peuvent être importés.',

    // Quizzes
    'Quiz title is required': 'Le titre du quiz est obligatoire',
    'All questions must have text': 'Toutes les questions doivent avoir un texte',
    'All options must have text': 'Toutes les options de réponse doivent avoir un texte',
    'A quiz with this title already exists': 'Un quiz portant ce titre existe déjà',
    'Failed to load quizzes': 'Impossible de charger les quiz',
    'Failed to delete quiz': 'Impossible de supprimer le quiz',
    'Failed to create quiz': 'Impossible de créer le quiz',
    'Failed to save quiz': "Impossible d'enregistrer le quiz",
    'No quiz found for this training module': 'Aucun quiz trouvé pour ce module de formation',
    'Failed to load quiz data': 'Impossible de charger les données du quiz',
    'Failed to submit quiz': 'Impossible de soumettre le quiz',
    'Congratulations!': 'Félicitations\u00a0!',
    'Keep Learning!': 'Continuez vos efforts\u00a0!',

    // Training assignment
    'Please select at least one training module': 'Veuillez sélectionner au moins un module de formation',
    'Please select at least one staff member': 'Veuillez sélectionner au moins un membre du personnel',
    'Please select a restaurant': 'Veuillez sélectionner un restaurant',
    'All selected trainings are already assigned to the selected staff':
      'Toutes les formations sélectionnées sont déjà attribuées au personnel sélectionné',
    'Training assignments created successfully': 'Formations attribuées',
    'Failed to load training assignments': 'Impossible de charger les attributions de formation',
    'Failed to load the details of these trainings': 'Impossible de charger le détail de ces formations',
    'Failed to create training assignments': 'Impossible de créer les attributions de formation',
    'Failed to delete training assignment': "Impossible de supprimer l'attribution de formation",
    'Failed to reset quiz attempt': 'Impossible de réinitialiser la tentative de quiz',
    'Failed to assign trainings': "Impossible d'attribuer les formations",
    'Training assignment not found': 'Attribution de formation introuvable',
    'Trainings can only be assigned to active staff of your restaurants.':
      "Les formations ne peuvent être attribuées qu'au personnel actif de vos restaurants.",
    'Quiz: Not taken': 'Quiz\u00a0: pas encore passé',
    Overdue: 'En retard',

    // Announcements and dashboards
    'Description is required': 'La description est obligatoire',
    'Announcement created successfully': 'Annonce créée',
    'Announcement updated successfully': 'Annonce mise à jour',
    'Announcement deleted successfully': 'Annonce supprimée',
    'Failed to create announcement': "Impossible de créer l'annonce",
    'Failed to save announcement': "Impossible d'enregistrer l'annonce",
    'Failed to delete announcement': "Impossible de supprimer l'annonce",
    'Failed to load announcements': 'Impossible de charger les annonces',
    'Authentication error': "Erreur d'authentification",
    'Announcement not found': 'Annonce introuvable',
    'No announcements yet': 'Aucune annonce pour le moment',
    'Create your first announcement to keep everyone informed.':
      'Créez votre première annonce pour tenir tout le monde informé.',
    'Failed to load dashboard data': 'Impossible de charger les données du tableau de bord',
    'No pending audits': 'Aucun audit en attente',
    'Action needed': 'Action requise',
    'Get started by creating your first audit': 'Commencez par créer votre premier audit',

    // Store performance
    'Failed to load store visits': 'Impossible de charger les visites de magasin',
    'Store visits are not configured': 'Les visites de magasin ne sont pas configurées',
    'Failed to load restaurants': 'Impossible de charger les restaurants',
    'Failed to load data': 'Impossible de charger les données',
    'Please select a restaurant to view performance data.':
      'Veuillez sélectionner un restaurant pour voir ses données de performance.',
    'No store visits found for this restaurant': 'Aucune visite de magasin trouvée pour ce restaurant',
    'No notes for this visit': 'Aucune remarque pour cette visite',
    'No audits found for this restaurant': 'Aucun audit trouvé pour ce restaurant',
    'No staff members found for this restaurant': 'Aucun membre du personnel trouvé pour ce restaurant',

    // "Please select a restaurant ..."
    'Please select a restaurant to manage staff.': 'Veuillez sélectionner un restaurant pour gérer le personnel.',
    'Please select a restaurant to view audits.': 'Veuillez sélectionner un restaurant pour voir les audits.',
    'Please select a restaurant to view corrective actions.':
      'Veuillez sélectionner un restaurant pour voir les actions correctives.',
    'Please select a restaurant to view training assignments.':
      'Veuillez sélectionner un restaurant pour voir les attributions de formation.',
    'Please select a restaurant to assign trainings.':
      'Veuillez sélectionner un restaurant pour attribuer des formations.',
    'Please select a restaurant to view sales report':
      'Veuillez sélectionner un restaurant pour voir le rapport des ventes',
    'Please select a restaurant to view product mix report':
      'Veuillez sélectionner un restaurant pour voir le rapport du mix produits',
    'Please select a restaurant to view operations report':
      'Veuillez sélectionner un restaurant pour voir le rapport des opérations',

    // Corrective actions
    'Corrective action not found': 'Action corrective introuvable',
    'Failed to load corrective actions': 'Impossible de charger les actions correctives',
    'Failed to load the corrective action': "Impossible de charger l'action corrective",
    'No corrective actions found': 'Aucune action corrective trouvée',
    'Actions appear here when an audit finds an item Bad or Needs improvement.':
      "Les actions apparaissent ici lorsqu'un audit évalue un point de contrôle comme Mauvais ou À améliorer.",
    'Please describe what was done': 'Veuillez décrire ce qui a été fait',
    'Please give a reason for reopening': 'Veuillez indiquer la raison de la réouverture',
    'This action is already resolved.': 'Cette action est déjà résolue.',
    'This action is already open.': 'Cette action est déjà ouverte.',
    'This action was changed by someone else. Reload it to see the latest version.':
      "Cette action a été modifiée par quelqu'un d'autre. Rechargez la page pour voir la dernière version.",
    'Choose at least one owner': 'Choisissez au moins une personne en charge',
    'Owners must be active head office users or managers of this restaurant.':
      'Les personnes en charge doivent être des utilisateurs actifs du siège ou des responsables de ce restaurant.',
    'Choose a due date': 'Choisissez une échéance',
    'Due date must be a date (YYYY-MM-DD)': "L'échéance doit être une date (YYYY-MM-DD)",
    'Audit item not found': 'Point de contrôle introuvable',
    'Actions can only be added to a completed audit.': "Les actions ne peuvent être ajoutées qu'à un audit terminé.",
    'Action resolved': 'Action résolue',
    'Action reopened': 'Action rouverte',
    'Owners updated': 'Personnes en charge mises à jour',
    'Due date updated': 'Échéance mise à jour',
    'Action added': 'Action ajoutée',
    'Failed to update the action': "Impossible de mettre à jour l'action",

    // Announcements that must be acknowledged
    'Requires acknowledgement must be true or false':
      'Le champ Confirmation de lecture requise doit valoir true ou false',
    'Choose roles among staff, manager and hq': 'Choisissez des rôles parmi staff, manager et hq',
    'Each role can be chosen once': "Chaque rôle ne peut être choisi qu'une fois",
    'Choose restaurants from the list': 'Choisissez des restaurants dans la liste',
    'Each restaurant can be chosen once': "Chaque restaurant ne peut être choisi qu'une fois",
    'A chosen restaurant was not found': 'Un des restaurants choisis est introuvable',
    'Choose at most 1000 restaurants': 'Choisissez au maximum 1000 restaurants',
    'hq work for no one restaurant: add another role or choose no restaurant':
      'Le siège ne travaille pour aucun restaurant en particulier\u00a0: ajoutez un autre rôle ou ne choisissez aucun restaurant',
    'Say whether to require a new acknowledgement (true or false)':
      "Indiquez s'il faut demander une nouvelle confirmation de lecture (true ou false)",
    'The text changed and people have already acknowledged it: say whether to require a new acknowledgement':
      "Le texte a changé et des personnes ont déjà confirmé l'avoir lu\u00a0: indiquez s'il faut demander une nouvelle confirmation de lecture",
    'Status must be pending or acknowledged': 'Le statut doit être pending ou acknowledged',
    'This announcement does not ask for an acknowledgement': 'Cette annonce ne demande pas de confirmation de lecture',
    'This announcement is not addressed to you': 'Cette annonce ne vous est pas destinée',
    'Please select a restaurant to view acknowledgements.':
      'Veuillez sélectionner un restaurant pour voir les confirmations de lecture.',
    'Thank you for reading it': 'Merci de votre lecture',
    'Failed to record your acknowledgement': "Impossible d'enregistrer votre confirmation de lecture",
    'Failed to load acknowledgements': 'Impossible de charger les confirmations de lecture',
    'Failed to load announcements to acknowledge': 'Impossible de charger les annonces à confirmer',
    'Requires acknowledgement': 'Confirmation de lecture requise',
    'I have read this': "J'ai lu ceci",
    'Everyone has acknowledged it': "Tout le monde a confirmé l'avoir lue",
    'Nobody has acknowledged it yet': "Personne n'a encore confirmé l'avoir lue",
    'People have already acknowledged this announcement. Require a new acknowledgement?':
      'Des personnes ont déjà confirmé avoir lu cette annonce. Demander une nouvelle confirmation de lecture\u00a0?',

    // Audit schedules and due audits
    Weekly: 'Hebdomadaire',
    'Every 2 weeks': 'Toutes les 2 semaines',
    Monthly: 'Mensuel',
    Quarterly: 'Trimestriel',
    'Choose at least one template': 'Choisissez au moins un modèle',
    'Choose at least one restaurant, or all restaurants': 'Choisissez au moins un restaurant, ou tous les restaurants',
    'Choose how often the audit is due': "Choisissez la fréquence de l'audit",
    'Choose the day the first period starts': 'Choisissez le jour où commence la première période',
    'A selected template does not exist.': "Un des modèles sélectionnés n'existe pas.",
    'A selected restaurant does not exist or is not active.':
      "Un des restaurants sélectionnés n'existe pas ou n'est pas actif.",
    'Schedule not found': 'Planning introuvable',
    'Failed to load audit schedules': "Impossible de charger les plannings d'audits",
    'Failed to save the schedule': "Impossible d'enregistrer le planning",
    'Failed to delete the schedule': 'Impossible de supprimer le planning',
    'Schedule created': 'Planning créé',
    'Schedule updated': 'Planning mis à jour',
    'Schedule deleted': 'Planning supprimé',
    'No audit schedules yet': "Aucun planning d'audits pour le moment",
    'Create a schedule to say which restaurants are due for which audit, and how often.':
      'Créez un planning pour indiquer quels restaurants doivent passer quel audit, et à quelle fréquence.',
    'Due audit not found': 'Audit prévu introuvable',
    'Failed to load due audits': 'Impossible de charger les audits prévus',
    'This due audit is already completed.': 'Cet audit prévu est déjà terminé.',
    'An audit has already been started for this due entry: open it from the audits list.':
      'Un audit a déjà été commencé pour cette échéance\u00a0: ouvrez-le depuis la liste des audits.',
    'The due audit is for another restaurant.': 'Cet audit prévu concerne un autre restaurant.',
    'Nothing due': 'Rien à faire',
    'No audit is due now and none was missed.': "Aucun audit n'est à faire en ce moment et aucun n'a été manqué.",
    'No due audits ended in the last 90 days, so there is no compliance figure yet.':
      "Aucune période d'audit ne s'est terminée au cours des 90 derniers jours\u00a0: il n'y a donc pas encore de taux de conformité.",
    'You are not assigned to an active restaurant. Ask head office to add you to one.':
      "Vous n'êtes affecté à aucun restaurant actif. Demandez au siège de vous ajouter à un restaurant.",

    // Roles
    HQ: 'HQ',
    Manager: 'Responsable',
    Staff: 'Personnel',

    // Page titles and menu entries
    'Headquarters Dashboard': 'Tableau de bord du siège',
    'Manager Dashboard': 'Tableau de bord du responsable',
    'My Dashboard': 'Mon tableau de bord',
    'Store Performance': 'Performance des magasins',
    Restaurants: 'Restaurants',
    'Staff Management': 'Gestion du personnel',
    Announcements: 'Annonces',
    Announcement: 'Annonce',
    'Quiz Management': 'Gestion des quiz',
    'New Quiz': 'Nouveau quiz',
    'Edit Quiz': 'Modifier le quiz',
    'Audit Templates': "Modèles d'audit",
    'New Audit Template': "Nouveau modèle d'audit",
    'Edit Audit Template': "Modifier le modèle d'audit",
    'Assign Trainings': 'Attribuer des formations',
    'Bulk Assign Training': 'Attribution groupée de formations',
    'New Audit': 'Nouvel audit',
    'Training Assignments': 'Attributions de formation',
    'HQ Reports': 'Rapports du siège',
    Sales: 'Ventes',
    'Product Sales': 'Ventes par produit',
    Operations: 'Opérations',
    '23 & 24 & 25': '23 & 24 & 25',
    'Sales Report': 'Rapport des ventes',
    'Product Mix Report': 'Rapport du mix produits',
    'Operations Report': 'Rapport des opérations',
    Audits: 'Audits',
    Audit: 'Audit',
    'Audit Report': "Rapport d'audit",
    'Corrective Actions': 'Actions correctives',
    'Corrective Action': 'Action corrective',
    "Please select a restaurant to see today's checklists.":
      'Veuillez sélectionner un restaurant pour voir les checklists du jour.',
    'Please select a restaurant to manage its checklists.':
      'Veuillez sélectionner un restaurant pour gérer ses checklists.',
    'Please select a restaurant to view its food-safety log.':
      'Veuillez sélectionner un restaurant pour voir son registre de sécurité alimentaire.',
    Today: "Aujourd'hui",
    Checklist: 'Checklist',
    Checklists: 'Checklists',
    'New Checklist': 'Nouvelle checklist',
    'Edit Checklist': 'Modifier la checklist',
    'Food Safety Log': 'Registre de sécurité alimentaire',
    'Activity Log': 'Journal d’activité',
    Provisioning: 'Provisionnement',
    'API Tokens': 'Jetons d’API',
    'Single Sign-On': 'Authentification unique',
    Sensors: 'Capteurs',
    Temperatures: 'Températures',
    'Temperature Excursion': 'Écart de température',
    // The food-safety log (issue 33)
    'Choose a day': 'Choisissez un jour',
    'Choose day, week or month': 'Choisissez jour, semaine ou mois',
    'Choose a day or a week to sign off': 'Choisissez un jour ou une semaine à signer',
    'A week starts on a Monday': 'Une semaine commence un lundi',
    'A day that has not begun cannot be signed off': "Un jour qui n'a pas commencé ne peut pas être signé",
    'This day is already signed off': 'Ce jour est déjà signé',
    'This week is already signed off': 'Cette semaine est déjà signée',
    'Section title is required': 'Le titre de la section est obligatoire',
    'Item text is required': 'Le texte du point est obligatoire',
    'Add at least one item': 'Ajoutez au moins un point',
    'Add at least one time window': 'Ajoutez au moins une plage horaire',
    'Choose at least one weekday': 'Choisissez au moins un jour de la semaine',
    'Enter a time as HH:MM': 'Saisissez une heure au format HH:MM',
    'A window lasts 5 minutes to 24 hours': 'Une plage dure de 5 minutes à 24 heures',
    'Add at least two choices': 'Ajoutez au moins deux choix',
    'The lowest value must be below the highest': 'La valeur la plus basse doit être inférieure à la plus haute',
    'Unit is required': "L'unit\u00e9 est obligatoire",
    'Enter a number': 'Saisissez un nombre',
    'This value is not possible': "Cette valeur n'est pas possible",
    'Choose one of the options': "Choisissez l'une des options",
    'At most 500 characters': '500 caractères au maximum',
    'A value is required': 'Une valeur est obligatoire',
    'A reason is required': 'Un motif est obligatoire',
    'A failure needs a note': 'Une anomalie nécessite une note',
    'Add a photo': 'Ajoutez une photo',
    'Choose a time zone from the list': 'Choisissez un fuseau horaire dans la liste',
    'Checklist not found': 'Checklist introuvable',
    'This checklist opens later': 'Cette checklist ouvre plus tard',
    'This checklist was already submitted': 'Cette checklist a déjà été envoyée',
    'This checklist was missed; its record is closed': 'Cette checklist a été manquée ; son relevé est clos',
    'Only a submitted checklist can be corrected': 'Seule une checklist envoyée peut être corrigée',
    'This item is not on the checklist': 'Ce point ne figure pas sur la checklist',
    'Head office locked this checklist against local changes':
      'Le siège a verrouillé cette checklist contre les modifications locales',
    "Only head office changes the chain's checklists": 'Seul le siège modifie les checklists de la chaîne',
    'Fill in every item before submitting': "Remplissez chaque point avant d'envoyer",
    'This checklist has records, so it cannot be deleted. Deactivate it instead.':
      'Cette checklist a des relevés, elle ne peut donc pas être supprimée. Désactivez-la plutôt.',
    'Each section and item needs an id of its own': 'Chaque section et chaque point ont besoin de leur propre id',
    'Only a chain checklist can be switched off or copied at a restaurant':
      'Seule une checklist de la chaîne peut être désactivée ou copiée dans un restaurant',
    'This checklist is not for this restaurant': "Cette checklist n'est pas pour ce restaurant",
    'This time window is not on the checklist': 'Cette plage horaire ne figure pas sur la checklist',
    'Demo Emails': 'E-mails de la démo',
    'Audit Schedules': "Plannings d'audits",
    Trainings: 'Formations',
    'Add Training': 'Ajouter une formation',
    Training: 'Formation',
    'Edit Training': 'Modifier la formation',
    'Take Quiz': 'Passer le quiz',
    'My Trainings': 'Mes formations',
    'Update Profile': 'Modifier le profil',
    Notifications: 'Notifications',
    Dashboard: 'Tableau de bord',
    'Assign Training': 'Attribuer une formation',
    Profile: 'Profil',
    // Embedded reports
    'Reports are not available yet. Ask head office.':
      'Les rapports ne sont pas encore disponibles. Adressez-vous au siège.',
    'Please select a restaurant to view the report.': 'Veuillez sélectionner un restaurant pour voir le rapport.',
    'Selected restaurant not found': 'Restaurant sélectionné introuvable',
    // Refusals of a request no screen sends as it is
    'A selected restaurant does not exist.': "Un des restaurants sélectionnés n'existe pas.",
    'Choose an active restaurant.': 'Choisissez un restaurant actif.',
    'A selected category does not exist.': "Une des catégories sélectionnées n'existe pas.",
    'A selected training does not exist.': "Une des formations sélectionnées n'existe pas.",
    'The selected quiz does not exist.': "Le quiz sélectionné n'existe pas.",
    'Quiz not found': 'Quiz introuvable',
    'This attempt id was already used for another quiz.':
      'Cet identifiant de tentative a déjà servi pour un autre quiz.',
    'An answer does not belong to its question.': "Une réponse n'appartient pas à sa question.",
    'An item does not belong to this audit.': "Un point n'appartient pas à cet audit.",
    'An item does not belong to this template.': "Un point n'appartient pas à ce modèle.",
    'A video does not belong to this training.': "Une vidéo n'appartient pas à cette formation.",
    'Choose a video file to upload.': 'Choisissez un fichier vidéo à importer.',
    'Video not found': 'Vidéo introuvable',
    'The video file is missing from file storage.': 'Le fichier vidéo est absent du stockage de fichiers.',
    'Notification not found': 'Notification introuvable',
    // Sign-off on the spot (issue 33, signOffMessages)
    "Enter the email and password of the restaurant's manager on duty.":
      "Saisissez l'e-mail et le mot de passe du responsable de service du restaurant.",
    'Invalid email or password': 'E-mail ou mot de passe incorrect',
    'Only an active manager of this restaurant can sign off its audit.':
      'Seul un responsable actif de ce restaurant peut valider son audit.',
    'This manager must choose their own password in Brigade before signing off.':
      "Ce responsable doit d'abord choisir son propre mot de passe dans Brigade avant de valider.",
    'This audit is already signed off.': 'Cet audit est déjà validé.',
    'Only a submitted audit can be signed off.': 'Seul un audit soumis peut être validé.',
    // Changes made offline (issue 34, offlineMessages)
    'Idempotency-Key must be 1 to 100 letters, digits, dashes or underscores.':
      'Idempotency-Key doit contenir de 1 à 100 lettres, chiffres, tirets ou traits de soulignement.',
    'This change key was already used for another change.':
      'Cette clé de modification a déjà été utilisée pour une autre modification.',
    'This change is still being saved. Please try again in a moment.':
      "Cette modification est encore en cours d'enregistrement. Réessayez dans un instant.",
    'Send a date and time with its zone, such as 2026-05-04T08:05:00.000Z.':
      'Envoyez une date et une heure avec leur fuseau horaire, par exemple 2026-05-04T08:05:00.000Z.',
    'Send X-Recorded-At and X-Sent-At together.': 'Envoyez X-Recorded-At et X-Sent-At ensemble.',
    // Passkeys (issue 36)
    'Adding this passkey took too long or was already done. Please try again.':
      'L’ajout de cette clé d’accès a pris trop de temps ou a déjà été fait. Veuillez réessayer.',
    'This passkey could not be checked. Please try again.':
      'Cette clé d’accès n’a pas pu être vérifiée. Veuillez réessayer.',
    'This passkey is already added.': 'Cette clé d’accès est déjà ajoutée.',
    'Passkey not found': 'Clé d’accès introuvable',
    'You have 20 passkeys, the most one person can keep. Remove one before adding another.':
      'Vous avez 20 clés d’accès, le maximum par personne. Supprimez-en une avant d’en ajouter une autre.',
    // Single sign-on settings (issue 36)
    // API tokens (issue 37)
    'Name the token after the system that will use it': 'Nommez le jeton d’après le système qui l’utilisera',
    'Choose at least one scope': 'Choisissez au moins une portée',
    'Choose when the token expires: in 30, 90 or 365 days, or never':
      'Choisissez quand le jeton expire : dans 30, 90 ou 365 jours, ou jamais',
    'API token not found': 'Jeton d’API introuvable',
    'This API token is not valid, has expired or has been revoked.':
      'Ce jeton d’API n’est pas valide, a expiré ou a été révoqué.',
    'This API token does not have the scope this request needs.':
      'Ce jeton d’API n’a pas la portée nécessaire à cette requête.',
    'An API token cannot do this: sign in to Brigade instead.':
      'Un jeton d’API ne peut pas faire cela : connectez-vous plutôt à Brigade.',
    'Identity provider not found': 'Fournisseur d’identité introuvable',
    'This provider is set by OIDC_* environment variables; change it there.':
      'Ce fournisseur est défini par les variables d’environnement OIDC_* ; modifiez-le là.',
    'Client secret is required': 'Le secret client est obligatoire',
    'Issuer must be an https URL': 'L’émetteur doit être une URL https',
  },

  pendingAuditsTrend: (count) => {
    if (count === 0) return 'Aucun audit en attente';
    return count === 1 ? '1 audit requiert votre attention' : `${count} audits requièrent votre attention`;
  },
  showingAuditsLine: (shown, total) => `${shown} ${shown < 2 ? 'audit affiché' : 'audits affichés'} sur ${total}`,
  assignmentsCreatedMessage: (count) =>
    count < 2
      ? `${count} nouvelle attribution de formation créée`
      : `${count} nouvelles attributions de formation créées`,
  quizScoreBadge: (score) => `Quiz\u00a0: ${score}\u00a0%`,
  answerAllQuestionsMessage: (remaining) =>
    `Veuillez répondre à toutes les questions avant de valider (${remaining} sans réponse)`,
  quizScoreLine: (correct, total) =>
    `Vous avez répondu correctement à ${correct} ${correct < 2 ? 'question' : 'questions'} sur ${total}.`,
  assessAllItemsMessage: (remaining) => `Veuillez évaluer tous les points de contrôle (encore ${remaining} à évaluer)`,
  reportsNotConfigured: (missing) =>
    `Power BI n'est pas configuré sur le serveur.${missing.length > 0 ? ` Paramètres manquants : ${missing.join(', ')}.` : ''}`,
};
