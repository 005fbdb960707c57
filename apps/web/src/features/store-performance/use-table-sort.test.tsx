import { describe, expect, test } from 'vitest';
import { sortRows } from './use-table-sort';

interface Person {
  id: string;
  name: string;
  progress: number | null;
}

const people: Person[] = [
  { id: 'c', name: 'Noor', progress: 0.5 },
  { id: 'a', name: 'anna', progress: null },
  { id: 'b', name: 'Émile', progress: 1 },
  { id: 'd', name: 'Bram', progress: 0.5 },
];
const values = { name: (person: Person) => person.name, progress: (person: Person) => person.progress };
const ids = (rows: Person[]) => rows.map((person) => person.id);

describe('sortRows', () => {
  test('text sorts as words, whatever the case and accents', () => {
    expect(ids(sortRows(people, values, 'name', 'asc'))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(sortRows(people, values, 'name', 'desc'))).toEqual(['c', 'b', 'd', 'a']);
  });

  test('rows without a value come last either way; ties go by id in the same direction', () => {
    expect(ids(sortRows(people, values, 'progress', 'asc'))).toEqual(['c', 'd', 'b', 'a']);
    expect(ids(sortRows(people, values, 'progress', 'desc'))).toEqual(['b', 'd', 'c', 'a']);
  });

  test('leaves the rows it was given as they were', () => {
    sortRows(people, values, 'name', 'desc');
    expect(ids(people)).toEqual(['c', 'a', 'b', 'd']);
  });
});
