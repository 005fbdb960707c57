import { ROLE_LABELS } from '@brigade/core/roles';
import type { StaffMember } from '@brigade/core/schemas/users';
import { coreText } from '../../http/request-language';
import type { CsvColumn } from '../../http/send-csv';
import { serverTexts } from '../../i18n/server-texts';

/** Staff Management as a spreadsheet: what a row shows, one fact per column. */
export const STAFF_CSV_COLUMNS: readonly CsvColumn<StaffMember>[] = [
  { header: 'Name', cell: (person) => person.name },
  { header: 'Email', cell: (person) => person.email },
  { header: 'Role', cell: (person, language) => coreText(language, ROLE_LABELS[person.role]) },
  {
    header: 'Status',
    cell: (person, language) => serverTexts(language).csvCells[person.isActive ? 'active' : 'inactive'],
  },
  { header: 'Restaurants', cell: (person) => person.restaurants.map((restaurant) => restaurant.name).join('; ') },
  { header: 'Trainings completed', cell: (person) => person.trainingProgress.completed },
  { header: 'Trainings assigned', cell: (person) => person.trainingProgress.total },
];
