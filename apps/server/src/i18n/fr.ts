import { LANGUAGE_LOCALES } from '@brigade/core/languages';
import { dayIn } from './day-in';
import type { ServerTexts } from './server-catalogue';

const day = (yyyyMmDd: string) => dayIn(LANGUAGE_LOCALES.fr, yyyyMmDd);
const more = (count: number, shown: number) => (count > shown ? [`…et ${count - shown} de plus`] : []);
/** French puts a no-break space before a colon. */
const colon = '\u00a0:';

/** The server's texts in French, for restaurant staff. */
export const fr: ServerTexts = {
  locale: LANGUAGE_LOCALES.fr,
  notifications: {
    trainingAssigned: (training, dueOn) => ({
      title: `Nouvelle formation${colon} ${training}`,
      body: dueOn ? `À terminer avant le ${day(dueOn)}` : "Pas de date d'échéance",
    }),
    trainingDueSoon: (training, dueOn) => ({
      title: `Formation bientôt à échéance${colon} ${training}`,
      body: `À terminer avant le ${day(dueOn)}`,
    }),
    trainingOverdue: (training, dueOn) => ({
      title: `Formation en retard${colon} ${training}`,
      body: `Elle était à terminer le ${day(dueOn)}`,
    }),
    announcementAck: (title) => ({
      title: `Merci de confirmer la lecture${colon} ${title}`,
      body: 'Lisez-la et appuyez sur « J’ai lu ce message ».',
    }),
    actionAssigned: (itemText, restaurant, dueOn) => ({
      title: `Action corrective attribuée${colon} ${itemText}`,
      body: `${restaurant} · échéance le ${day(dueOn)}`,
    }),
    actionOverdue: (itemText, restaurant, dueOn) => ({
      title: `Action corrective en retard${colon} ${itemText}`,
      body: `${restaurant} · échéance dépassée depuis le ${day(dueOn)}`,
    }),
    auditDue: (restaurant, schedule, periodEnd) => ({
      title: `Audit prévu${colon} ${restaurant}`,
      body: `${schedule} · avant le ${day(periodEnd)}`,
    }),
    trainingSuggested: (training, itemText, restaurant) => ({
      title: `Formation suggérée${colon} ${training}`,
      body: `« ${itemText} » demande de l’attention à ${restaurant}`,
    }),
    checklistOpen: (checklist, restaurant, window) => ({
      title: `Checklist ouverte${colon} ${checklist}`,
      body: `${restaurant} · à remplir maintenant, ${window}`,
    }),
    checklistMissed: (checklist, restaurant, localDay, window) => ({
      title: `Checklist manquée${colon} ${checklist}`,
      body: `${restaurant} · ${day(localDay)}, ${window}`,
    }),
    webhookDisabled: (host) => ({
      title: `Webhook désactivé${colon} ${host}`,
      body: 'Les envois ont échoué pendant 24 heures. Réparez le destinataire, puis réactivez le webhook dans Webhooks.',
    }),
    sensorExcursion: (device, restaurant, direction, limit, peak, sinceDay, sinceTime) => ({
      title: `Température hors limites${colon} ${device}`,
      body: `${restaurant} · ${direction === 'high' ? 'au-dessus de' : 'en dessous de'} ${limit} °C depuis le ${day(sinceDay)} ${sinceTime}, pic ${peak} °C`,
    }),
    sensorOffline: (device, restaurant, lastDay, lastTime) => ({
      title: `Capteur hors ligne${colon} ${device}`,
      body: `${restaurant} · aucune mesure depuis le ${day(lastDay)} ${lastTime}`,
    }),
    weeklyDigest: (restaurants, overdueTrainings, openActions, trainings = [], actions = [], checklists) => {
      const lines = [
        `${overdueTrainings} ${overdueTrainings > 1 ? 'formations en retard' : 'formation en retard'} · ${openActions} ${openActions > 1 ? 'actions correctives ouvertes' : 'action corrective ouverte'}`,
      ];
      if (checklists) {
        const missed = (count: number) => `${count} ${count > 1 ? 'manquées' : 'manquée'}`;
        lines.push(`Checklists, 7 derniers jours${colon} ${missed(checklists.missed)} · ${checklists.late} en retard`);
        for (const item of checklists.restaurants) {
          lines.push(`- ${item.restaurant}${colon} ${missed(item.missed)}, ${item.late} en retard`);
        }
        lines.push(...more(checklists.restaurantCount, checklists.restaurants.length));
      }
      if (trainings.length) {
        lines.push('', `Formations en retard${colon}`);
        for (const item of trainings) {
          lines.push(`- ${item.person}${colon} ${item.training} (échéance le ${day(item.dueOn)})`);
        }
        lines.push(...more(overdueTrainings, trainings.length));
      }
      if (actions.length) {
        lines.push('', `Actions correctives ouvertes${colon}`);
        for (const item of actions) {
          lines.push(
            `- ${item.itemText} à ${item.restaurant} (${item.overdue ? 'en retard, échéance le' : 'échéance le'} ${day(item.dueOn)})`,
          );
        }
        lines.push(...more(openActions, actions.length));
      }
      return { title: `Résumé hebdomadaire${colon} ${restaurants ?? 'toute la chaîne'}`, body: lines.join('\n') };
    },
  },
  email: {
    hello: (name) => `Bonjour ${name},`,
    openInBrigade: 'Ouvrir dans Brigade',
    whyKind: (kindLabel) => `Vous recevez cet e-mail pour « ${kindLabel} ».`,
    whyBrigade: 'Vous recevez cet e-mail de Brigade.',
    chooseInAppOnly: 'Choisissez « dans l’application uniquement » dans votre profil',
    resetSubject: 'Réinitialisez votre mot de passe Brigade',
    resetAsked: 'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser votre mot de passe Brigade.',
    resetChooseHere: `Choisissez-en un nouveau ici${colon}`,
    resetLinkText: 'Choisir un nouveau mot de passe',
    resetValidity: (minutes) =>
      `Le lien ne fonctionne qu’une fois, pendant ${minutes} minutes. Si vous n’avez rien demandé, ignorez cet e-mail${colon} votre mot de passe reste le même.`,
  },
  csv: {
    Name: 'Nom',
    Email: 'E-mail',
    Role: 'Rôle',
    Status: 'Statut',
    Restaurants: 'Restaurants',
    'Trainings completed': 'Formations terminées',
    'Trainings assigned': 'Formations attribuées',
    'Audit ID': 'ID audit',
    Date: 'Date',
    Restaurant: 'Restaurant',
    'Restaurant ID': 'ID restaurant',
    Templates: 'Modèles',
    Auditor: 'Auditeur',
    Score: 'Score',
    'Action ID': 'ID action',
    Template: 'Modèle',
    Item: 'Point',
    Mark: 'Évaluation',
    Comment: 'Commentaire',
    Due: 'Échéance',
    Overdue: 'En retard',
    Owners: 'Personnes en charge',
    Created: 'Créée le',
    Resolved: 'Résolue le',
    'Resolved by': 'Résolue par',
    'Resolution note': 'Note de résolution',
    Training: 'Formation',
    'Assigned at': 'Attribuée le',
    'Due at': 'Échéance',
    'Completed at': 'Terminée le',
    'Quiz score': 'Score du quiz',
    'Quiz passed': 'Quiz réussi',
    Checklist: 'Checklist',
    Window: 'Plage horaire',
    State: 'État',
    'Submitted by': 'Envoyée par',
    'Submitted at': 'Envoyée le',
    Section: 'Section',
    Entry: 'Type',
    Value: 'Valeur',
    Unit: 'Unité',
    Failed: 'Non conforme',
    Note: 'Note',
    Reason: 'Motif',
    'Entered by': 'Saisie par',
    'Received at': 'Reçue le',
    'Corrective action': 'Action corrective',
    'Signed off': 'Signé',
    'Entry ID': 'ID de l’entrée',
    Time: 'Heure',
    Activity: 'Activité',
    Person: 'Personne',
    Object: 'Objet',
    Changes: 'Modifications',
    Details: 'Détails',
    Address: 'Adresse',
    'User agent': 'Navigateur',
  },
  foodSafetyLog: {
    title: (restaurant, period) => `Registre de sécurité alimentaire de ${restaurant}, ${period}`,
    subject: 'Registre de sécurité alimentaire',
    heading: 'REGISTRE DE SÉCURITÉ ALIMENTAIRE',
    week: (start, end) => `du ${start} au ${end}`,
    times: (timeZone) => `Jours et heures du restaurant (${timeZone}).`,
    signOffs: 'Signatures',
    notSignedOff: 'Non signé',
    signedOffDay: (day, name, at) => `Jour ${day}${colon} signé par ${name} le ${at}`,
    signedOffWeek: (monday, name, at) => `Semaine du ${monday}${colon} signée par ${name} le ${at}`,
    noRecords: 'Aucun relevé de checklist sur cette période.',
    states: { upcoming: 'À venir', open: 'Ouverte', done: 'Faite', late: 'Faite en retard', missed: 'Manquée' },
    submitted: (name, at) => `Envoyée par ${name} le ${at}`,
    notSubmitted: 'Rien envoyé',
    noValues: 'Aucune valeur saisie.',
    failed: 'Non conforme',
    action: (status) => `Action corrective${colon} ${status}`,
    correction: (reason) => `Correction. Motif${colon} ${reason}`,
    note: (note) => `Note${colon} ${note}`,
    photo: 'Photo ajoutée',
    made: (moment) => `Généré le ${moment}`,
    page: (page) => `Page ${page}`,
    entries: { value: 'Valeur', correction: 'Correction' },
    periods: { day: 'jour', week: 'semaine' },
    sensors: {
      heading: 'Capteurs de température',
      kinds: { fridge: 'réfrigérateur', freezer: 'congélateur', 'hot-holding': 'maintien au chaud' },
      device: (name, kind, low, high) => `${name} (${kind}), limites ${low} à ${high} °C`,
      day: (day, min, max, avg, count, hoursOut) =>
        `${day}${colon} min ${min} °C, max ${max} °C, moyenne ${avg} °C, ${count} ${count > 1 ? 'mesures' : 'mesure'}` +
        (hoursOut ? `, ${hoursOut} ${hoursOut > 1 ? 'heures' : 'heure'} hors limites` : ''),
      excursion: (direction, limit, peak, from, to) =>
        `Dépassement ${direction === 'high' ? 'au-dessus de' : 'en dessous de'} ${limit} °C du ${from}${to ? ` au ${to}` : ' (en cours)'}, pic ${peak} °C`,
      noReadings: 'Aucune mesure sur cette période.',
      entries: { day: 'Résumé du jour', excursion: 'Dépassement' },
    },
  },
  csvCells: {
    active: 'Actif',
    inactive: 'Inactif',
    yes: 'Oui',
    no: 'Non',
    draft: 'Brouillon',
    completed: 'Terminé',
    open: 'Ouverte',
    resolved: 'Résolue',
  },
  report: {
    title: (restaurant, on) => `Audit de ${restaurant}, ${on}`,
    subject: "Rapport d'audit",
    heading: "RAPPORT D'AUDIT",
    finalScore: 'Score final',
    date: 'Date',
    auditor: 'Auditeur',
    templates: 'Modèles',
    none: 'aucun',
    scoreColours: `Couleurs du score${colon}`,
    below50: 'moins de 50',
    from50To74: '50 à 74',
    from75: '75 et plus',
    noScore: 'pas de score',
    correctiveActions: 'Actions correctives',
    noCorrectiveActions: 'Aucune action corrective pour cet audit.',
    notAssessed: 'Non évalué',
    comment: (comment) => `Commentaire${colon} ${comment}`,
    noComment: 'Pas de commentaire.',
    resolved: 'Résolue',
    open: 'Ouverte',
    overdue: 'En retard',
    dueLine: (on, overdue, owners) =>
      `Échéance le ${on}${overdue ? ' (en retard)' : ''} · Personnes en charge${colon} ${owners || 'aucune'}`,
    resolvedLine: (on, note) => `Résolue${on ? ` le ${on}` : ''}${colon} ${note || 'pas de note'}`,
    times: (timeZone) => `Jours et heures du restaurant (${timeZone}).`,
    signedOff: (name, at, withDay) => `Validé par ${name} ${withDay ? 'le' : 'à'} ${at}`,
    notSignedOff: 'Pas encore validé par un manager.',
    signOffComment: (comment) => `Commentaire du manager${colon} ${comment}`,
    made: (on, time) => `Généré le ${on}, ${time}`,
    pageOf: (page, pages) => `Page ${page} sur ${pages}`,
  },
};
