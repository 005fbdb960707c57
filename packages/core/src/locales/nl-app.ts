import type { CoreAppCatalogue } from './catalogue-parts';

/** Dutch in the signed-in app: the app part, loaded with the app's code (see nl.ts). */
export const nlApp: CoreAppCatalogue = {
  texts: {
    // Webhooks (issue 37)
    Webhooks: 'Webhooks',
    'Enter the full address of the endpoint, starting with https://':
      'Vul het volledige adres van het eindpunt in, beginnend met https://',
    'The endpoint must use https': 'Het eindpunt moet https gebruiken',
    'This address is on a private or local network, which webhooks may not reach':
      'Dit adres ligt in een privé- of lokaal netwerk, dat webhooks niet mogen bereiken',
    'The host name of this address could not be found': 'De hostnaam van dit adres is niet gevonden',
    'Choose at least one event': 'Kies minstens één gebeurtenis',
    'Webhook not found': 'Webhook niet gevonden',
    'Delivery not found': 'Bezorging niet gevonden',
    'Audit completed': 'Audit afgerond',
    'Corrective action opened': 'Corrigerende actie geopend',
    'Corrective action resolved': 'Corrigerende actie opgelost',
    'Corrective action reopened': 'Corrigerende actie heropend',
    'Checklist item failed': 'Checklistpunt afgekeurd',
    'Announcement acknowledged': 'Mededeling bevestigd',
    'Training completed': 'Training afgerond',
    'Person added': 'Persoon toegevoegd',
    'Person deactivated': 'Persoon gedeactiveerd',
    'Test message from Brigade': 'Testbericht van Brigade',
    Restaurant: 'Restaurant',
    Score: 'Score',
    Due: 'Deadline',
    Person: 'Persoon',
    Role: 'Rol',
    'Open in Brigade': 'Openen in Brigade',
    'This endpoint receives Brigade events.': 'Dit eindpunt ontvangt gebeurtenissen van Brigade.',
    Bad: 'Slecht',
    'Needs improvement': 'Verbetering nodig',
    Good: 'Goed',
    Excellent: 'Uitstekend',
    'New training assigned': 'Nieuwe training toegewezen',
    'Training due in 3 days': 'Training over 3 dagen af',
    'Training overdue': 'Training te laat',
    'Announcement requiring acknowledgement': 'Mededeling met leesbevestiging',
    'Corrective action assigned': 'Corrigerende actie toegewezen',
    'Corrective action overdue': 'Corrigerende actie te laat',
    'Audit due': 'Audit gepland',
    'Training suggested by an audit finding': 'Training voorgesteld na een auditbevinding',
    'Checklist window open': 'Checklist gaat open',
    'Checklist missed': 'Checklist gemist',
    'Webhook turned off after failures': 'Webhook uitgezet na mislukkingen',
    'Weekly digest of my restaurant': 'Wekelijks overzicht van mijn restaurant',
    // Temperature sensors (issue 37)
    'Name the device after what it measures (e.g. "Walk-in fridge")':
      'Geef het apparaat de naam van wat het meet (bijv. "Koelcel")',
    'Choose the restaurant the device is in': 'Kies het restaurant waar het apparaat staat',
    'Choose fridge, freezer or hot-holding': 'Kies koelkast, vriezer of warmhouden',
    'Enter a temperature in °C': 'Vul een temperatuur in °C in',
    'Enter a temperature between -100 °C and 400 °C': 'Vul een temperatuur tussen -100 °C en 400 °C in',
    'The low limit must be below the high limit': 'De ondergrens moet lager zijn dan de bovengrens',
    'Enter between 0 and 1440 minutes': 'Vul tussen 0 en 1440 minuten in',
    'Device not found': 'Apparaat niet gevonden',
    'Excursion not found': 'Afwijking niet gevonden',
    'Temperature out of range': 'Temperatuur buiten bereik',
    'Sensor offline': 'Sensor niet bereikbaar',
    'Quiz passed. Watch every video of the training to complete it.':
      "Quiz gehaald. Bekijk alle video's van de training om hem af te ronden.",
    // Profile, permissions and passwords
    'Profile updated successfully': 'Profiel bijgewerkt',
    'Failed to update profile': 'Profiel bijwerken mislukt',
    'Failed to load profile data': 'Profielgegevens laden mislukt',
    'Choose English, Nederlands or Français': 'Kies English, Nederlands of Français',
    'Choose a date no later than 31 December 2100': 'Kies een datum niet later dan 31 december 2100',
    'User with this email already exists': 'Er bestaat al een gebruiker met dit e-mailadres',
    'You do not have permission to do this.': 'Je hebt geen toestemming om dit te doen.',
    'You do not have access to this restaurant.': 'Je hebt geen toegang tot dit restaurant.',
    'Restaurant not found': 'Restaurant niet gevonden',
    'Temporary password set. They must choose their own at their next sign-in.':
      'Tijdelijk wachtwoord ingesteld. Bij de volgende keer inloggen moet deze persoon een eigen wachtwoord kiezen.',
    'Change your own password in your profile.': 'Wijzig je eigen wachtwoord in je profiel.',

    // Restaurants
    'City is required': 'Plaats is verplicht',
    'Country is required': 'Land is verplicht',
    'Address is required': 'Adres is verplicht',
    'No restaurants found': 'Geen restaurants gevonden',
    'This restaurant has audits, staff or training history, so it cannot be deleted. Deactivate it instead.':
      'Dit restaurant heeft audits, medewerkers of trainingsgeschiedenis en kan daarom niet worden verwijderd. Deactiveer het in plaats daarvan.',

    // Staff
    'Password is required for new staff': 'Wachtwoord is verplicht voor nieuwe medewerkers',
    'At least one restaurant must be selected': 'Selecteer minstens één restaurant',
    'Are you sure you want to delete this staff member? This action cannot be undone.':
      'Weet je zeker dat je deze medewerker wilt verwijderen? Dit kan niet ongedaan worden gemaakt.',
    'No staff members found': 'Geen medewerkers gevonden',
    'Failed to load staff data': 'Medewerkersgegevens laden mislukt',
    'Failed to delete staff member': 'Medewerker verwijderen mislukt',
    'Failed to update staff status': 'Status van medewerker bijwerken mislukt',
    'Failed to update user': 'Gebruiker bijwerken mislukt',
    'Failed to create user': 'Gebruiker aanmaken mislukt',
    'Error saving staff member': 'Fout bij het opslaan van de medewerker',
    'User not found': 'Gebruiker niet gevonden',
    'Managers can only add and edit staff members.': 'Managers kunnen alleen medewerkers toevoegen en bewerken.',
    'Managers cannot change a role.': 'Managers kunnen geen rol wijzigen.',
    'This person also works at restaurants you do not manage. Ask head office to change their account.':
      'Deze persoon werkt ook in restaurants die jij niet beheert. Vraag het hoofdkantoor om het account aan te passen.',
    'You cannot deactivate or delete your own account.': 'Je kunt je eigen account niet deactiveren of verwijderen.',
    'Brigade needs at least one active head office account.':
      'Brigade heeft minstens één actief account voor het hoofdkantoor nodig.',

    // Audit templates
    'Template name is required': 'Naam van het sjabloon is verplicht',
    'All items must have text': 'Alle controlepunten moeten een tekst hebben',
    'A template needs at least one item': 'Een sjabloon heeft minstens één controlepunt nodig',
    'Failed to load audit templates': 'Auditsjablonen laden mislukt',
    'Failed to load template': 'Sjabloon laden mislukt',
    'Failed to create template': 'Sjabloon aanmaken mislukt',
    'Failed to update template': 'Sjabloon bijwerken mislukt',
    'Failed to delete template': 'Sjabloon verwijderen mislukt',
    'Template not found': 'Sjabloon niet gevonden',

    // Audits
    'Please select a restaurant, at least one template, and an auditor':
      'Selecteer een restaurant, minstens één sjabloon en een auditor',
    'Failed to create audit': 'Audit aanmaken mislukt',
    'Audit not found': 'Audit niet gevonden',
    'Failed to load audit': 'Audit laden mislukt',
    'Failed to load audits': 'Audits laden mislukt',
    'Failed to fetch audits': 'Audits ophalen mislukt',
    'Audit saved successfully': 'Audit opgeslagen',
    'Failed to save audit': 'Audit opslaan mislukt',
    'Failed to submit audit': 'Audit indienen mislukt',
    'Failed to delete audit': 'Audit verwijderen mislukt',
    'This audit is completed and can no longer be changed.':
      'Deze audit is afgerond en kan niet meer worden gewijzigd.',
    'This draft was changed by someone else since you opened it. Reload to see the latest version.':
      'Iemand anders heeft dit concept gewijzigd nadat je het opende. Laad de pagina opnieuw om de nieuwste versie te zien.',
    'The auditor must be an active head office user.':
      'De auditor moet een actieve gebruiker van het hoofdkantoor zijn.',
    'Only a completed audit has a report. Submit the audit first.':
      'Alleen een afgeronde audit heeft een rapport. Dien de audit eerst in.',
    'Failed to load the audit report': 'Auditrapport laden mislukt',
    'Photo unavailable': 'Foto niet beschikbaar',
    // Photo evidence (photoMessages)
    'Photo not found': 'Foto niet gevonden',
    'Choose a photo to upload.': 'Kies een foto om te uploaden.',
    'This audit is completed: its photos can no longer be added or removed.':
      "Deze audit is afgerond: er kunnen geen foto's meer worden toegevoegd of verwijderd.",
    'This corrective action is resolved: its photos can no longer be added or removed.':
      "Deze corrigerende actie is afgehandeld: er kunnen geen foto's meer worden toegevoegd of verwijderd.",
    'This item already has 5 photos, the most it may have. Remove one to add another.':
      "Dit controlepunt heeft al 5 foto's, het maximum. Verwijder er een om een andere toe te voegen.",
    'This corrective action already has 5 photos, the most it may have. Remove one to add another.':
      "Deze corrigerende actie heeft al 5 foto's, het maximum. Verwijder er een om een andere toe te voegen.",
    'This photo has too many pixels: at most 70 megapixels.': 'Deze foto heeft te veel pixels: maximaal 70 megapixel.',
    'This photo is too wide or too tall: at most 12000 pixels on each side.':
      'Deze foto is te breed of te hoog: maximaal 12000 pixels per zijde.',
    'This photo takes too long to process. Send a smaller photo, or a JPEG.':
      'Het verwerken van deze foto duurt te lang. Stuur een kleinere foto, of een JPEG.',
    'This photo needs too much memory to process. Send a smaller photo, or a JPEG.':
      'Het verwerken van deze foto vraagt te veel geheugen. Stuur een kleinere foto, of een JPEG.',
    'The server is processing many photos right now. Try again in a few seconds.':
      "De server verwerkt op dit moment veel foto's. Probeer het over een paar seconden opnieuw.",
    'No audits found': 'Geen audits gevonden',
    'Try a different search term': 'Probeer een andere zoekterm',
    'No completed audits available for this restaurant': 'Geen afgeronde audits voor dit restaurant',
    'Confirm Deletion': 'Verwijderen bevestigen',
    'This action cannot be undone.': 'Dit kan niet ongedaan worden gemaakt.',
    Draft: 'Concept',
    'No Score': 'Geen score',
    'Deleted user': 'Verwijderde gebruiker',

    // Trainings
    'Title is required': 'Titel is verplicht',
    'At least one category must be selected': 'Selecteer minstens één categorie',
    'All video URLs must be filled': "Vul alle video-URL's in",
    'Invalid video URL. Please provide a direct video URL.':
      'Ongeldige video-URL. Geef een directe link naar het videobestand op.',
    'Training module not found': 'Trainingsmodule niet gevonden',
    'Failed to load trainings': 'Trainingen laden mislukt',
    'Failed to load categories': 'Categorieën laden mislukt',
    'Failed to load training module': 'Trainingsmodule laden mislukt',
    'Failed to delete training. Please try again.': 'Training verwijderen mislukt. Probeer het opnieuw.',
    'A category with this name already exists': 'Er bestaat al een categorie met deze naam',
    'Only head office can add or edit trainings.': 'Alleen het hoofdkantoor kan trainingen toevoegen of bewerken.',
    'Uploaded video not found': 'Geüploade video niet gevonden',
    'Only video files can be uploaded.': 'Je kunt alleen videobestanden uploaden.',

    // Quizzes
    'Quiz title is required': 'Titel van de quiz is verplicht',
    'All questions must have text': 'Alle vragen moeten een tekst hebben',
    'All options must have text': 'Alle antwoordopties moeten een tekst hebben',
    'A quiz with this title already exists': 'Er bestaat al een quiz met deze titel',
    'Failed to load quizzes': 'Quizzen laden mislukt',
    'Failed to delete quiz': 'Quiz verwijderen mislukt',
    'Failed to create quiz': 'Quiz aanmaken mislukt',
    'Failed to save quiz': 'Quiz opslaan mislukt',
    'No quiz found for this training module': 'Geen quiz gevonden voor deze trainingsmodule',
    'Failed to load quiz data': 'Quizgegevens laden mislukt',
    'Failed to submit quiz': 'Quiz indienen mislukt',
    'Congratulations!': 'Gefeliciteerd!',
    'Keep Learning!': 'Blijf oefenen!',

    // Training assignment
    'Please select at least one training module': 'Selecteer minstens één trainingsmodule',
    'Please select at least one staff member': 'Selecteer minstens één medewerker',
    'Please select a restaurant': 'Selecteer een restaurant',
    'All selected trainings are already assigned to the selected staff':
      'Alle geselecteerde trainingen zijn al toegewezen aan de geselecteerde medewerkers',
    'Training assignments created successfully': 'Trainingen toegewezen',
    'Failed to load training assignments': 'Toegewezen trainingen laden mislukt',
    'Failed to load the details of these trainings': 'Details van deze trainingen laden mislukt',
    'Failed to create training assignments': 'Trainingstoewijzingen aanmaken mislukt',
    'Failed to delete training assignment': 'Toegewezen training verwijderen mislukt',
    'Failed to reset quiz attempt': 'Quizpoging resetten mislukt',
    'Failed to assign trainings': 'Trainingen toewijzen mislukt',
    'Training assignment not found': 'Toegewezen training niet gevonden',
    'Trainings can only be assigned to active staff of your restaurants.':
      'Trainingen kunnen alleen worden toegewezen aan actieve medewerkers van jouw restaurants.',
    'Quiz: Not taken': 'Quiz: nog niet gemaakt',
    Overdue: 'Te laat',

    // Announcements and dashboards
    'Description is required': 'Beschrijving is verplicht',
    'Announcement created successfully': 'Mededeling aangemaakt',
    'Announcement updated successfully': 'Mededeling bijgewerkt',
    'Announcement deleted successfully': 'Mededeling verwijderd',
    'Failed to create announcement': 'Mededeling aanmaken mislukt',
    'Failed to save announcement': 'Mededeling opslaan mislukt',
    'Failed to delete announcement': 'Mededeling verwijderen mislukt',
    'Failed to load announcements': 'Mededelingen laden mislukt',
    'Authentication error': 'Authenticatiefout',
    'Announcement not found': 'Mededeling niet gevonden',
    'No announcements yet': 'Nog geen mededelingen',
    'Create your first announcement to keep everyone informed.':
      'Maak je eerste mededeling om iedereen op de hoogte te houden.',
    'Failed to load dashboard data': 'Dashboardgegevens laden mislukt',
    'No pending audits': 'Geen openstaande audits',
    'Action needed': 'Actie nodig',
    'Get started by creating your first audit': 'Begin met het aanmaken van je eerste audit',

    // Store performance
    'Failed to load store visits': 'Winkelbezoeken laden mislukt',
    'Store visits are not configured': 'Winkelbezoeken zijn niet ingesteld',
    'Failed to load restaurants': 'Restaurants laden mislukt',
    'Failed to load data': 'Gegevens laden mislukt',
    'Please select a restaurant to view performance data.':
      'Selecteer een restaurant om de prestatiegegevens te bekijken.',
    'No store visits found for this restaurant': 'Geen winkelbezoeken gevonden voor dit restaurant',
    'No notes for this visit': 'Geen notities bij dit bezoek',
    'No audits found for this restaurant': 'Geen audits gevonden voor dit restaurant',
    'No staff members found for this restaurant': 'Geen medewerkers gevonden voor dit restaurant',

    // "Please select a restaurant ..."
    'Please select a restaurant to manage staff.': 'Selecteer een restaurant om medewerkers te beheren.',
    'Please select a restaurant to view audits.': 'Selecteer een restaurant om audits te bekijken.',
    'Please select a restaurant to view corrective actions.':
      'Selecteer een restaurant om corrigerende acties te bekijken.',
    'Please select a restaurant to view training assignments.':
      'Selecteer een restaurant om toegewezen trainingen te bekijken.',
    'Please select a restaurant to assign trainings.': 'Selecteer een restaurant om trainingen toe te wijzen.',
    'Please select a restaurant to view sales report': 'Selecteer een restaurant om het verkooprapport te bekijken',
    'Please select a restaurant to view product mix report':
      'Selecteer een restaurant om het productmixrapport te bekijken',
    'Please select a restaurant to view operations report':
      'Selecteer een restaurant om het operationele rapport te bekijken',

    // Corrective actions
    'Corrective action not found': 'Corrigerende actie niet gevonden',
    'Failed to load corrective actions': 'Corrigerende acties laden mislukt',
    'Failed to load the corrective action': 'Corrigerende actie laden mislukt',
    'No corrective actions found': 'Geen corrigerende acties gevonden',
    'Actions appear here when an audit finds an item Bad or Needs improvement.':
      'Acties verschijnen hier wanneer een audit een controlepunt beoordeelt als Slecht of Verbetering nodig.',
    'Please describe what was done': 'Beschrijf wat er is gedaan',
    'Please give a reason for reopening': 'Geef een reden om de actie te heropenen',
    'This action is already resolved.': 'Deze actie is al afgehandeld.',
    'This action is already open.': 'Deze actie staat al open.',
    'This action was changed by someone else. Reload it to see the latest version.':
      'Iemand anders heeft deze actie gewijzigd. Laad de pagina opnieuw om de nieuwste versie te zien.',
    'Choose at least one owner': 'Kies minstens één verantwoordelijke',
    'Owners must be active head office users or managers of this restaurant.':
      'Verantwoordelijken moeten actieve gebruikers van het hoofdkantoor of managers van dit restaurant zijn.',
    'Choose a due date': 'Kies een deadline',
    'Due date must be a date (YYYY-MM-DD)': 'De deadline moet een datum zijn (YYYY-MM-DD)',
    'Audit item not found': 'Controlepunt niet gevonden',
    'Actions can only be added to a completed audit.':
      'Acties kunnen alleen aan een afgeronde audit worden toegevoegd.',
    'Action resolved': 'Actie afgehandeld',
    'Action reopened': 'Actie heropend',
    'Owners updated': 'Verantwoordelijken bijgewerkt',
    'Due date updated': 'Deadline bijgewerkt',
    'Action added': 'Actie toegevoegd',
    'Failed to update the action': 'Actie bijwerken mislukt',

    // Announcements that must be acknowledged
    'Requires acknowledgement must be true or false': 'Leesbevestiging vereist moet true of false zijn',
    'Choose roles among staff, manager and hq': 'Kies rollen uit staff, manager en hq',
    'Each role can be chosen once': 'Elke rol kan maar één keer worden gekozen',
    'Choose restaurants from the list': 'Kies restaurants uit de lijst',
    'Each restaurant can be chosen once': 'Elk restaurant kan maar één keer worden gekozen',
    'A chosen restaurant was not found': 'Een gekozen restaurant is niet gevonden',
    'Choose at most 1000 restaurants': 'Kies maximaal 1000 restaurants',
    'hq work for no one restaurant: add another role or choose no restaurant':
      'Het hoofdkantoor hoort niet bij één restaurant: voeg een andere rol toe of kies geen restaurant',
    'Say whether to require a new acknowledgement (true or false)':
      'Geef aan of er een nieuwe leesbevestiging nodig is (true of false)',
    'The text changed and people have already acknowledged it: say whether to require a new acknowledgement':
      'De tekst is gewijzigd en sommige mensen hebben het lezen al bevestigd: geef aan of er een nieuwe leesbevestiging nodig is',
    'Status must be pending or acknowledged': 'Status moet pending of acknowledged zijn',
    'This announcement does not ask for an acknowledgement': 'Voor deze mededeling is geen leesbevestiging nodig',
    'This announcement is not addressed to you': 'Deze mededeling is niet voor jou bedoeld',
    'Please select a restaurant to view acknowledgements.':
      'Selecteer een restaurant om de leesbevestigingen te bekijken.',
    'Thank you for reading it': 'Bedankt voor het lezen',
    'Failed to record your acknowledgement': 'Je leesbevestiging opslaan mislukt',
    'Failed to load acknowledgements': 'Leesbevestigingen laden mislukt',
    'Failed to load announcements to acknowledge': 'Te bevestigen mededelingen laden mislukt',
    'Requires acknowledgement': 'Leesbevestiging vereist',
    'I have read this': 'Ik heb dit gelezen',
    'Everyone has acknowledged it': 'Iedereen heeft het lezen bevestigd',
    'Nobody has acknowledged it yet': 'Nog niemand heeft het lezen bevestigd',
    'People have already acknowledged this announcement. Require a new acknowledgement?':
      'Sommige mensen hebben het lezen van deze mededeling al bevestigd. Een nieuwe leesbevestiging vragen?',

    // Audit schedules and due audits
    Weekly: 'Wekelijks',
    'Every 2 weeks': 'Om de 2 weken',
    Monthly: 'Maandelijks',
    Quarterly: 'Per kwartaal',
    'Choose at least one template': 'Kies minstens één sjabloon',
    'Choose at least one restaurant, or all restaurants': 'Kies minstens één restaurant, of alle restaurants',
    'Choose how often the audit is due': 'Kies hoe vaak de audit moet plaatsvinden',
    'Choose the day the first period starts': 'Kies de dag waarop de eerste periode begint',
    'A selected template does not exist.': 'Een geselecteerd sjabloon bestaat niet.',
    'A selected restaurant does not exist or is not active.':
      'Een geselecteerd restaurant bestaat niet of is niet actief.',
    'Schedule not found': 'Planning niet gevonden',
    'Failed to load audit schedules': 'Auditplanningen laden mislukt',
    'Failed to save the schedule': 'Planning opslaan mislukt',
    'Failed to delete the schedule': 'Planning verwijderen mislukt',
    'Schedule created': 'Planning aangemaakt',
    'Schedule updated': 'Planning bijgewerkt',
    'Schedule deleted': 'Planning verwijderd',
    'No audit schedules yet': 'Nog geen auditplanningen',
    'Create a schedule to say which restaurants are due for which audit, and how often.':
      'Maak een planning om vast te leggen welke restaurants welke audit moeten krijgen, en hoe vaak.',
    'Due audit not found': 'Geplande audit niet gevonden',
    'Failed to load due audits': 'Geplande audits laden mislukt',
    'This due audit is already completed.': 'Deze geplande audit is al afgerond.',
    'An audit has already been started for this due entry: open it from the audits list.':
      'Voor deze geplande audit is al een audit gestart: open die vanuit de lijst met audits.',
    'The due audit is for another restaurant.': 'Deze geplande audit is voor een ander restaurant.',
    'Nothing due': 'Niets te doen',
    'No audit is due now and none was missed.': 'Er staat nu geen audit open en er is er geen gemist.',
    'No due audits ended in the last 90 days, so there is no compliance figure yet.':
      'In de afgelopen 90 dagen is er geen auditperiode afgelopen, dus er is nog geen nalevingscijfer.',
    'You are not assigned to an active restaurant. Ask head office to add you to one.':
      'Je bent niet gekoppeld aan een actief restaurant. Vraag het hoofdkantoor om je aan een restaurant toe te voegen.',

    // Roles
    HQ: 'HQ',
    Manager: 'Manager',
    Staff: 'Medewerker',

    // Page titles and menu entries
    'Headquarters Dashboard': 'Dashboard hoofdkantoor',
    'Manager Dashboard': 'Dashboard manager',
    'My Dashboard': 'Mijn dashboard',
    'Store Performance': 'Winkelprestaties',
    Restaurants: 'Restaurants',
    'Staff Management': 'Personeelsbeheer',
    Announcements: 'Mededelingen',
    Announcement: 'Mededeling',
    'Quiz Management': 'Quizbeheer',
    'New Quiz': 'Nieuwe quiz',
    'Edit Quiz': 'Quiz bewerken',
    'Audit Templates': 'Auditsjablonen',
    'New Audit Template': 'Nieuw auditsjabloon',
    'Edit Audit Template': 'Auditsjabloon bewerken',
    'Assign Trainings': 'Trainingen toewijzen',
    'Bulk Assign Training': 'Trainingen in bulk toewijzen',
    'New Audit': 'Nieuwe audit',
    'Training Assignments': 'Toegewezen trainingen',
    'HQ Reports': 'Rapporten hoofdkantoor',
    Sales: 'Verkoop',
    'Product Sales': 'Productverkoop',
    Operations: 'Bedrijfsvoering',
    '23 & 24 & 25': '23 & 24 & 25',
    'Sales Report': 'Verkooprapport',
    'Product Mix Report': 'Productmixrapport',
    'Operations Report': 'Operationeel rapport',
    Audits: 'Audits',
    Audit: 'Audit',
    'Audit Report': 'Auditrapport',
    'Corrective Actions': 'Corrigerende acties',
    'Corrective Action': 'Corrigerende actie',
    "Please select a restaurant to see today's checklists.":
      'Selecteer een restaurant om de checklists van vandaag te zien.',
    'Please select a restaurant to manage its checklists.':
      'Selecteer een restaurant om de checklists ervan te beheren.',
    'Please select a restaurant to view its food-safety log.':
      'Selecteer een restaurant om het voedselveiligheidslogboek te bekijken.',
    Today: 'Vandaag',
    Checklist: 'Checklist',
    Checklists: 'Checklists',
    'New Checklist': 'Nieuwe checklist',
    'Edit Checklist': 'Checklist bewerken',
    'Food Safety Log': 'Voedselveiligheidslogboek',
    'Activity Log': 'Activiteitenlogboek',
    Provisioning: 'Provisioning',
    'API Tokens': 'API-tokens',
    'Single Sign-On': 'Single sign-on',
    Sensors: 'Sensoren',
    Temperatures: 'Temperaturen',
    'Temperature Excursion': 'Temperatuurafwijking',
    // The food-safety log (issue 33)
    'Choose a day': 'Kies een dag',
    'Choose day, week or month': 'Kies dag, week of maand',
    'Choose a day or a week to sign off': 'Kies een dag of een week om af te tekenen',
    'A week starts on a Monday': 'Een week begint op maandag',
    'A day that has not begun cannot be signed off': 'Een dag die nog niet begonnen is, kan niet worden afgetekend',
    'This day is already signed off': 'Deze dag is al afgetekend',
    'This week is already signed off': 'Deze week is al afgetekend',
    'Section title is required': 'Sectietitel is verplicht',
    'Item text is required': 'Tekst van het punt is verplicht',
    'Add at least one item': 'Voeg minstens één punt toe',
    'Add at least one time window': 'Voeg minstens één tijdvenster toe',
    'Choose at least one weekday': 'Kies minstens één weekdag',
    'Enter a time as HH:MM': 'Voer een tijd in als UU:MM',
    'A window lasts 5 minutes to 24 hours': 'Een venster duurt 5 minuten tot 24 uur',
    'Add at least two choices': 'Voeg minstens twee keuzes toe',
    'The lowest value must be below the highest': 'De laagste waarde moet onder de hoogste liggen',
    'Unit is required': 'Eenheid is verplicht',
    'Enter a number': 'Voer een getal in',
    'This value is not possible': 'Deze waarde is niet mogelijk',
    'Choose one of the options': 'Kies een van de opties',
    'At most 500 characters': 'Maximaal 500 tekens',
    'A value is required': 'Een waarde is verplicht',
    'A reason is required': 'Een reden is verplicht',
    'A failure needs a note': 'Een afwijking heeft een notitie nodig',
    'Add a photo': 'Voeg een foto toe',
    'Choose a time zone from the list': 'Kies een tijdzone uit de lijst',
    'Checklist not found': 'Checklist niet gevonden',
    'This checklist opens later': 'Deze checklist gaat later open',
    'This checklist was already submitted': 'Deze checklist is al ingediend',
    'This checklist was missed; its record is closed': 'Deze checklist is gemist; het record is gesloten',
    'Only a submitted checklist can be corrected': 'Alleen een ingediende checklist kan worden gecorrigeerd',
    'This item is not on the checklist': 'Dit punt staat niet op de checklist',
    'Head office locked this checklist against local changes':
      'Het hoofdkantoor heeft deze checklist vergrendeld tegen lokale wijzigingen',
    "Only head office changes the chain's checklists": 'Alleen het hoofdkantoor wijzigt de checklists van de keten',
    'Fill in every item before submitting': 'Vul elk punt in voordat je indient',
    'This checklist has records, so it cannot be deleted. Deactivate it instead.':
      'Deze checklist heeft records en kan dus niet worden verwijderd. Deactiveer hem in plaats daarvan.',
    'Each section and item needs an id of its own': 'Elke sectie en elk punt heeft een eigen id nodig',
    'Only a chain checklist can be switched off or copied at a restaurant':
      'Alleen een checklist van de keten kan bij een restaurant worden uitgezet of gekopieerd',
    'This checklist is not for this restaurant': 'Deze checklist is niet voor dit restaurant',
    'This time window is not on the checklist': 'Dit tijdvenster staat niet op de checklist',
    'Demo Emails': 'E-mails van de demo',
    'Audit Schedules': 'Auditplanningen',
    Trainings: 'Trainingen',
    'Add Training': 'Training toevoegen',
    Training: 'Training',
    'Edit Training': 'Training bewerken',
    'Take Quiz': 'Quiz maken',
    'My Trainings': 'Mijn trainingen',
    'Update Profile': 'Profiel bijwerken',
    Notifications: 'Meldingen',
    Dashboard: 'Dashboard',
    'Assign Training': 'Training toewijzen',
    Profile: 'Profiel',
    // Embedded reports
    'Reports are not available yet. Ask head office.': 'Rapporten zijn nog niet beschikbaar. Vraag het hoofdkantoor.',
    'Please select a restaurant to view the report.': 'Selecteer een restaurant om het rapport te bekijken.',
    'Selected restaurant not found': 'Geselecteerd restaurant niet gevonden',
    // Refusals of a request no screen sends as it is
    'A selected restaurant does not exist.': 'Een geselecteerd restaurant bestaat niet.',
    'Choose an active restaurant.': 'Kies een actief restaurant.',
    'A selected category does not exist.': 'Een geselecteerde categorie bestaat niet.',
    'A selected training does not exist.': 'Een geselecteerde training bestaat niet.',
    'The selected quiz does not exist.': 'De geselecteerde quiz bestaat niet.',
    'Quiz not found': 'Quiz niet gevonden',
    'This attempt id was already used for another quiz.': 'Deze poging-ID is al gebruikt voor een andere quiz.',
    'An answer does not belong to its question.': 'Een antwoord hoort niet bij zijn vraag.',
    'An item does not belong to this audit.': 'Een punt hoort niet bij deze audit.',
    'An item does not belong to this template.': 'Een punt hoort niet bij dit sjabloon.',
    'A video does not belong to this training.': 'Een video hoort niet bij deze training.',
    'Choose a video file to upload.': 'Kies een videobestand om te uploaden.',
    'Video not found': 'Video niet gevonden',
    'The video file is missing from file storage.': 'Het videobestand ontbreekt in de bestandsopslag.',
    'Notification not found': 'Melding niet gevonden',
    // Sign-off on the spot (issue 33, signOffMessages)
    "Enter the email and password of the restaurant's manager on duty.":
      'Vul het e-mailadres en wachtwoord in van de dienstdoende manager van het restaurant.',
    'Invalid email or password': 'Onjuist e-mailadres of wachtwoord',
    'Only an active manager of this restaurant can sign off its audit.':
      'Alleen een actieve manager van dit restaurant kan de audit aftekenen.',
    'This manager must choose their own password in Brigade before signing off.':
      'Deze manager moet eerst een eigen wachtwoord kiezen in Brigade voordat hij of zij kan aftekenen.',
    'This audit is already signed off.': 'Deze audit is al afgetekend.',
    'Only a submitted audit can be signed off.': 'Alleen een ingediende audit kan worden afgetekend.',
    // Changes made offline (issue 34, offlineMessages)
    'Idempotency-Key must be 1 to 100 letters, digits, dashes or underscores.':
      'Idempotency-Key moet uit 1 tot 100 letters, cijfers, streepjes of underscores bestaan.',
    'This change key was already used for another change.':
      'Deze wijzigingssleutel is al gebruikt voor een andere wijziging.',
    'This change is still being saved. Please try again in a moment.':
      'Deze wijziging wordt nog opgeslagen. Probeer het zo opnieuw.',
    'Send a date and time with its zone, such as 2026-05-04T08:05:00.000Z.':
      'Stuur een datum en tijd met tijdzone, zoals 2026-05-04T08:05:00.000Z.',
    'Send X-Recorded-At and X-Sent-At together.': 'Stuur X-Recorded-At en X-Sent-At samen.',
    // Passkeys (issue 36)
    'Adding this passkey took too long or was already done. Please try again.':
      'Het toevoegen van deze passkey duurde te lang of is al gebeurd. Probeer het opnieuw.',
    'This passkey could not be checked. Please try again.':
      'Deze passkey kon niet worden gecontroleerd. Probeer het opnieuw.',
    'This passkey is already added.': 'Deze passkey is al toegevoegd.',
    'Passkey not found': 'Passkey niet gevonden',
    'You have 20 passkeys, the most one person can keep. Remove one before adding another.':
      'Je hebt 20 passkeys, het maximum per persoon. Verwijder er een voordat je een nieuwe toevoegt.',
    // Single sign-on settings (issue 36)
    // API tokens (issue 37)
    'Name the token after the system that will use it': 'Geef het token de naam van het systeem dat het gebruikt',
    'Choose at least one scope': 'Kies minstens één bereik',
    'Choose when the token expires: in 30, 90 or 365 days, or never':
      'Kies wanneer het token verloopt: over 30, 90 of 365 dagen, of nooit',
    'API token not found': 'API-token niet gevonden',
    'This API token is not valid, has expired or has been revoked.':
      'Dit API-token is ongeldig, verlopen of ingetrokken.',
    'This API token does not have the scope this request needs.':
      'Dit API-token heeft niet het bereik dat dit verzoek nodig heeft.',
    'An API token cannot do this: sign in to Brigade instead.': 'Een API-token kan dit niet: meld je aan bij Brigade.',
    'Identity provider not found': 'Identiteitsprovider niet gevonden',
    'This provider is set by OIDC_* environment variables; change it there.':
      'Deze provider is ingesteld met OIDC_*-omgevingsvariabelen; wijzig hem daar.',
    'Client secret is required': 'Clientgeheim is verplicht',
    'Issuer must be an https URL': 'Issuer moet een https-URL zijn',
  },

  pendingAuditsTrend: (count) => {
    if (count === 0) return 'Geen openstaande audits';
    return count === 1 ? '1 audit vraagt aandacht' : `${count} audits vragen aandacht`;
  },
  showingAuditsLine: (shown, total) => `${shown} van ${total} ${total === 1 ? 'audit' : 'audits'} weergegeven`,
  assignmentsCreatedMessage: (count) =>
    count === 1 ? '1 nieuwe trainingstoewijzing aangemaakt' : `${count} nieuwe trainingstoewijzingen aangemaakt`,
  quizScoreBadge: (score) => `Quiz: ${score}%`,
  answerAllQuestionsMessage: (remaining) =>
    `Beantwoord alle vragen voordat je de quiz indient (nog ${remaining} te beantwoorden)`,
  quizScoreLine: (correct, total) =>
    `Je hebt ${correct} van de ${total} ${total === 1 ? 'vraag' : 'vragen'} goed beantwoord.`,
  assessAllItemsMessage: (remaining) => `Beoordeel alle controlepunten (nog ${remaining} te beoordelen)`,
  reportsNotConfigured: (missing) =>
    `Power BI is niet ingesteld op de server.${missing.length > 0 ? ` Ontbrekende instellingen: ${missing.join(', ')}.` : ''}`,
};
