/**
 * What other parts of the server use of temperature sensors (issue 37, decision 047): the
 * jobs the app registers, the rows the food-safety log shows, the evaluation and offline
 * check (the tests and the bench drive them with their own clock), the partitions' upkeep,
 * and the signing recipe the demo's simulator follows.
 */
export { type EvaluationOutcome, evaluateDevice } from './evaluation';
export { storeReadings } from './intake';
export { readSensorLogRows } from './log-rows';
export { raiseOfflineDevices } from './offline';
export {
  DEFAULT_SENSOR_READINGS_RETENTION_DAYS,
  devicesToEvaluate,
  maintainSensorReadings,
  registerSensorJobs,
  SENSOR_EVALUATE_JOB,
} from './sensor-jobs';
export { deviceKeyHash, signReadings } from './signature';
