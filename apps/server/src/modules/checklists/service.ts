// What other modules (and app.ts) use of checklists (issue 33): a module is used only
// through its service.ts (biome, decision 012). Each part of the module exports from its
// own file; this file names what leaves the module.

// The job: records ahead, "window open" and "missed" notifications.
export {
  CHECKLIST_JOB,
  type ChecklistJobResult,
  registerChecklistJob,
  runChecklistJob,
  windowTextSql,
} from './checklist-job';
// Records: made ahead for a restaurant's local days, read, filled and locked for filling.
export { appliesTo, type EnsureRunsOptions, type EnsureRunsResult, ensureRuns, opensAtSql } from './ensure-runs';
export { formatChecklistValue } from './failures';
export {
  assertFillable,
  itemOfRun,
  lockRunForFilling,
  parseValue,
  type RunHead,
  readRunHead,
  writeValue,
} from './runs';
