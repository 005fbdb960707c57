// The schema object Drizzle and Better Auth's adapter are given: every table, by name.
export * from './announcements';
export * from './audit-schedules';
export * from './audits';
export * from './corrective-actions';
export * from './counts';
export * from './email-outbox';
export * from './meta';
export * from './notifications';
export * from './photos';
export * from './quizzes';
export * from './restaurants';
export * from './sign-in-limits';
export * from './training-assignments';
export * from './training-suggestions';
export * from './trainings';
export * from './uploads';
export * from './users';
