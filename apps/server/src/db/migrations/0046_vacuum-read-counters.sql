-- The hq dashboard reads every restaurant's week of checklist counters and the chain's
-- open due entries through covering indexes (0045). An index-only scan reads a row's heap
-- page all the same when the page is not marked all-visible, which the last write to it
-- undoes until the next vacuum. By default autovacuum waits for a fifth of a table's rows
-- to change: at 500 restaurants about twelve days of checklist counter updates, so the
-- days the dashboard reads would never be marked. A fixed number of changes instead keeps
-- them marked on a live server (a vacuum skips the pages already marked: seconds).
ALTER TABLE "checklist_day_counts" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
ALTER TABLE "audit_due" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
