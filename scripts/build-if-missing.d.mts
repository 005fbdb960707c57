// The types of build-if-missing.mjs, which stays plain JavaScript: `npm start` runs it without tsx.
export type BuildPart = 'web' | 'server';
export const BUILDS: Record<BuildPart, { script: string; output: string; sources: string[] }>;
export function buildNeeded(part: BuildPart): 'missing' | 'older than its sources' | null;
export function buildIfMissing(parts?: BuildPart[]): void;
