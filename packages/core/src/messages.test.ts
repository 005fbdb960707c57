import { describe, expect, test } from 'vitest';
import { assignmentsCreatedMessage, pendingAuditsTrend } from './messages';

describe('counted messages say one thing in the singular and keep the spec text otherwise', () => {
  test('pending audits: none, one, several', () => {
    expect(pendingAuditsTrend(0)).toBe('No pending audits');
    expect(pendingAuditsTrend(1)).toBe('1 audit needs attention');
    expect(pendingAuditsTrend(2)).toBe('2 audits need attention');
  });

  test('created assignments: one, several', () => {
    expect(assignmentsCreatedMessage(1)).toBe('Successfully created 1 new training assignment');
    expect(assignmentsCreatedMessage(3)).toBe('Successfully created 3 new training assignments');
  });
});
