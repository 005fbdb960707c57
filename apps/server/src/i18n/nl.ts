import { LANGUAGE_LOCALES } from '@brigade/core/languages';
import { dayIn } from './day-in';
import type { ServerTexts } from './server-catalogue';

const day = (yyyyMmDd: string) => dayIn(LANGUAGE_LOCALES.nl, yyyyMmDd);
const more = (count: number, shown: number) => (count > shown ? [`…en nog ${count - shown}`] : []);

/** The server's texts in Dutch, for restaurant staff ("je"). */
export const nl: ServerTexts = {
  locale: LANGUAGE_LOCALES.nl,
  notifications: {
    trainingAssigned: (training, dueOn) => ({
      title: `Nieuwe training: ${training}`,
      body: dueOn ? `Af te ronden vóór ${day(dueOn)}` : 'Geen einddatum',
    }),
    trainingDueSoon: (training, dueOn) => ({
      title: `Training bijna verlopen: ${training}`,
      body: `Af te ronden vóór ${day(dueOn)}`,
    }),
    trainingOverdue: (training, dueOn) => ({
      title: `Training te laat: ${training}`,
      body: `Moest af zijn op ${day(dueOn)}`,
    }),
    announcementAck: (title) => ({
      title: `Graag bevestigen: ${title}`,
      body: 'Lees het en druk op "Ik heb dit gelezen".',
    }),
    actionAssigned: (itemText, restaurant, dueOn) => ({
      title: `Corrigerende actie toegewezen: ${itemText}`,
      body: `${restaurant} · uiterlijk ${day(dueOn)}`,
    }),
    actionOverdue: (itemText, restaurant, dueOn) => ({
      title: `Corrigerende actie te laat: ${itemText}`,
      body: `${restaurant} · moest af zijn op ${day(dueOn)}`,
    }),
    auditDue: (restaurant, schedule, periodEnd) => ({
      title: `Audit te doen: ${restaurant}`,
      body: `${schedule} · vóór ${day(periodEnd)}`,
    }),
    trainingSuggested: (training, itemText, restaurant) => ({
      title: `Training voorgesteld: ${training}`,
      body: `"${itemText}" vraagt aandacht in ${restaurant}`,
    }),
    checklistOpen: (checklist, restaurant, window) => ({
      title: `Checklist te doen: ${checklist}`,
      body: `${restaurant} · nu open, ${window}`,
    }),
    checklistMissed: (checklist, restaurant, localDay, window) => ({
      title: `Checklist gemist: ${checklist}`,
      body: `${restaurant} · ${day(localDay)}, ${window}`,
    }),
    webhookDisabled: (host) => ({
      title: `Webhook uitgezet: ${host}`,
      body: 'Bezorgingen mislukten 24 uur lang. Herstel de ontvanger en zet de webhook weer aan onder Webhooks.',
    }),
    sensorExcursion: (device, restaurant, direction, limit, peak, sinceDay, sinceTime) => ({
      title: `Temperatuur buiten bereik: ${device}`,
      body: `${restaurant} · ${direction === 'high' ? 'boven' : 'onder'} ${limit} °C sinds ${day(sinceDay)} ${sinceTime}, piek ${peak} °C`,
    }),
    sensorOffline: (device, restaurant, lastDay, lastTime) => ({
      title: `Sensor niet bereikbaar: ${device}`,
      body: `${restaurant} · geen meting sinds ${day(lastDay)} ${lastTime}`,
    }),
    weeklyDigest: (restaurants, overdueTrainings, openActions, trainings = [], actions = [], checklists) => {
      const lines = [
        `${overdueTrainings} ${overdueTrainings === 1 ? 'training' : 'trainingen'} te laat · ${openActions} ${openActions === 1 ? 'openstaande corrigerende actie' : 'openstaande corrigerende acties'}`,
      ];
      if (checklists) {
        lines.push(`Checklists, afgelopen 7 dagen: ${checklists.missed} gemist · ${checklists.late} te laat`);
        for (const item of checklists.restaurants) {
          lines.push(`- ${item.restaurant}: ${item.missed} gemist, ${item.late} te laat`);
        }
        lines.push(...more(checklists.restaurantCount, checklists.restaurants.length));
      }
      if (trainings.length) {
        lines.push('', 'Trainingen te laat:');
        for (const item of trainings) lines.push(`- ${item.person}: ${item.training} (vóór ${day(item.dueOn)})`);
        lines.push(...more(overdueTrainings, trainings.length));
      }
      if (actions.length) {
        lines.push('', 'Openstaande corrigerende acties:');
        for (const item of actions) {
          lines.push(
            `- ${item.itemText} in ${item.restaurant} (${item.overdue ? 'te laat, moest af zijn op' : 'vóór'} ${day(item.dueOn)})`,
          );
        }
        lines.push(...more(openActions, actions.length));
      }
      return { title: `Wekelijks overzicht: ${restaurants ?? 'de hele keten'}`, body: lines.join('\n') };
    },
  },
  email: {
    hello: (name) => `Hallo ${name},`,
    openInBrigade: 'Open het in Brigade',
    whyKind: (kindLabel) => `Je krijgt deze e-mail voor "${kindLabel}".`,
    whyBrigade: 'Je krijgt deze e-mail van Brigade.',
    chooseInAppOnly: 'Kies in je profiel voor alleen in de app',
    resetSubject: 'Stel je Brigade-wachtwoord opnieuw in',
    resetAsked: 'Iemand (hopelijk jij) heeft gevraagd om je Brigade-wachtwoord opnieuw in te stellen.',
    resetChooseHere: 'Kies hier een nieuw wachtwoord:',
    resetLinkText: 'Kies een nieuw wachtwoord',
    resetValidity: (minutes) =>
      `De link werkt één keer, binnen ${minutes} minuten. Heb je dit niet gevraagd? Negeer dan deze e-mail: je wachtwoord blijft zoals het is.`,
  },
  csv: {
    Name: 'Naam',
    Email: 'E-mail',
    Role: 'Rol',
    Status: 'Status',
    Restaurants: 'Restaurants',
    'Trainings completed': 'Trainingen afgerond',
    'Trainings assigned': 'Trainingen toegewezen',
    'Audit ID': 'Audit-ID',
    Date: 'Datum',
    Restaurant: 'Restaurant',
    'Restaurant ID': 'Restaurant-ID',
    Templates: 'Sjablonen',
    Auditor: 'Auditor',
    Score: 'Score',
    'Action ID': 'Actie-ID',
    Template: 'Sjabloon',
    Item: 'Punt',
    Mark: 'Beoordeling',
    Comment: 'Opmerking',
    Due: 'Uiterlijk',
    Overdue: 'Achterstallig',
    Owners: 'Verantwoordelijken',
    Created: 'Aangemaakt',
    Resolved: 'Opgelost',
    'Resolved by': 'Opgelost door',
    'Resolution note': 'Toelichting oplossing',
    Training: 'Training',
    'Assigned at': 'Toegewezen op',
    'Due at': 'Af te ronden vóór',
    'Completed at': 'Afgerond op',
    'Quiz score': 'Quizscore',
    'Quiz passed': 'Quiz gehaald',
    Checklist: 'Checklist',
    Window: 'Tijdvenster',
    State: 'Resultaat',
    'Submitted by': 'Ingediend door',
    'Submitted at': 'Ingediend op',
    Section: 'Sectie',
    Entry: 'Soort',
    Value: 'Waarde',
    Unit: 'Eenheid',
    Failed: 'Afwijking',
    Note: 'Notitie',
    Reason: 'Reden',
    'Entered by': 'Ingevuld door',
    'Received at': 'Ontvangen op',
    'Corrective action': 'Corrigerende actie',
    'Signed off': 'Afgetekend',
    'Entry ID': 'Regel-ID',
    Time: 'Tijd',
    Activity: 'Activiteit',
    Person: 'Persoon',
    Object: 'Object',
    Changes: 'Wijzigingen',
    Details: 'Details',
    Address: 'Adres',
    'User agent': 'Browser',
  },
  foodSafetyLog: {
    title: (restaurant, period) => `Voedselveiligheidslogboek van ${restaurant}, ${period}`,
    subject: 'Voedselveiligheidslogboek',
    heading: 'VOEDSELVEILIGHEIDSLOGBOEK',
    week: (start, end) => `${start} t/m ${end}`,
    times: (timeZone) => `Dagen en tijden van het restaurant (${timeZone}).`,
    signOffs: 'Afgetekend',
    notSignedOff: 'Niet afgetekend',
    signedOffDay: (day, name, at) => `Dag ${day}: afgetekend door ${name} op ${at}`,
    signedOffWeek: (monday, name, at) => `Week vanaf ${monday}: afgetekend door ${name} op ${at}`,
    noRecords: 'Geen checklistrecords in deze periode.',
    states: { upcoming: 'Gepland', open: 'Open', done: 'Gedaan', late: 'Te laat gedaan', missed: 'Gemist' },
    submitted: (name, at) => `Ingediend door ${name} op ${at}`,
    notSubmitted: 'Niets ingediend',
    noValues: 'Geen waarden ingevuld.',
    failed: 'Afwijking',
    action: (status) => `Corrigerende actie: ${status}`,
    correction: (reason) => `Correctie. Reden: ${reason}`,
    note: (note) => `Notitie: ${note}`,
    photo: 'Foto toegevoegd',
    made: (moment) => `Gemaakt ${moment}`,
    page: (page) => `Pagina ${page}`,
    entries: { value: 'Waarde', correction: 'Correctie' },
    periods: { day: 'dag', week: 'week' },
    sensors: {
      heading: 'Temperatuursensoren',
      kinds: { fridge: 'koelkast', freezer: 'vriezer', 'hot-holding': 'warmhoudunit' },
      device: (name, kind, low, high) => `${name} (${kind}), grenzen ${low} tot ${high} °C`,
      day: (day, min, max, avg, count, hoursOut) =>
        `${day}: min ${min} °C, max ${max} °C, gemiddeld ${avg} °C, ${count} ${count === 1 ? 'meting' : 'metingen'}` +
        (hoursOut ? `, ${hoursOut} ${hoursOut === 1 ? 'uur' : 'uren'} buiten bereik` : ''),
      excursion: (direction, limit, peak, from, to) =>
        `Afwijking ${direction === 'high' ? 'boven' : 'onder'} ${limit} °C van ${from}${to ? ` tot ${to}` : ' (loopt nog)'}, piek ${peak} °C`,
      noReadings: 'Geen metingen in deze periode.',
      entries: { day: 'Dagoverzicht', excursion: 'Afwijking' },
    },
  },
  csvCells: {
    active: 'Actief',
    inactive: 'Inactief',
    yes: 'Ja',
    no: 'Nee',
    draft: 'Concept',
    completed: 'Afgerond',
    open: 'Open',
    resolved: 'Opgelost',
  },
  report: {
    title: (restaurant, on) => `Audit van ${restaurant}, ${on}`,
    subject: 'Auditrapport',
    heading: 'AUDITRAPPORT',
    finalScore: 'Eindscore',
    date: 'Datum',
    auditor: 'Auditor',
    templates: 'Sjablonen',
    none: 'geen',
    scoreColours: 'Scorekleuren:',
    below50: 'onder 50',
    from50To74: '50 tot 74',
    from75: '75 en hoger',
    noScore: 'geen score',
    correctiveActions: 'Corrigerende acties',
    noCorrectiveActions: 'Geen corrigerende acties voor deze audit.',
    notAssessed: 'Niet beoordeeld',
    comment: (comment) => `Opmerking: ${comment}`,
    noComment: 'Geen opmerking.',
    resolved: 'Opgelost',
    open: 'Open',
    overdue: 'Te laat',
    dueLine: (on, overdue, owners) =>
      `Uiterlijk ${on}${overdue ? ' (te laat)' : ''} · Verantwoordelijken: ${owners || 'geen'}`,
    resolvedLine: (on, note) => `Opgelost${on ? ` ${on}` : ''}: ${note || 'geen toelichting'}`,
    times: (timeZone) => `Dagen en tijden zijn die van het restaurant (${timeZone}).`,
    signedOff: (name, at, withDay) => `Afgetekend door ${name} ${withDay ? 'op' : 'om'} ${at}`,
    notSignedOff: 'Nog niet afgetekend door een manager.',
    signOffComment: (comment) => `Opmerking van de manager: ${comment}`,
    made: (on, time) => `Gemaakt ${on}, ${time}`,
    pageOf: (page, pages) => `Pagina ${page} van ${pages}`,
  },
};
