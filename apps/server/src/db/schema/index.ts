// The schema object Drizzle and Better Auth's adapter are given: every table, by name.
export * from './announcements';
export * from './audits';
export * from './counts';
export * from './meta';
export * from './quizzes';
export * from './restaurants';
export * from './sign-in-limits';
export * from './trainings';
export * from './uploads';
export * from './users';
