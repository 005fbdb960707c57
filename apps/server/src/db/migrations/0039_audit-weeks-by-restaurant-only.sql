-- The hq ranking reads audits, not the week counters (docs/decisions/050): their by-week index has no reader.
DROP INDEX "restaurant_audit_weeks_week_idx";