import { ROLE_LABELS } from '@brigade/core/roles';
import type { StaffMember } from '@brigade/core/schemas/users';
import type { CsvColumn } from '../../http/send-csv';

/** Staff Management as a spreadsheet: what a row shows, one fact per column. */
export const STAFF_CSV_COLUMNS: readonly CsvColumn<StaffMember>[] = [
  { header: 'Name', cell: (person) => person.name },
  { header: 'Email', cell: (person) => person.email },
  { header: 'Role', cell: (person) => ROLE_LABELS[person.role] },
  { header: 'Status', cell: (person) => (person.isActive ? 'Active' : 'Inactive') },
  { header: 'Restaurants', cell: (person) => person.restaurants.map((restaurant) => restaurant.name).join('; ') },
  { header: 'Trainings completed', cell: (person) => person.trainingProgress.completed },
  { header: 'Trainings assigned', cell: (person) => person.trainingProgress.total },
];
