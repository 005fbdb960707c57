import path from 'node:path';
import { ConfigError } from '../config';
import { OpsError } from './backup';

/** A path the operator typed, relative to where they ran npm (npm run moves to the repository root). */
export function fromCallerDir(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Runs a command: a refusal or failure is one readable message and exit status 1, never a stack trace. */
export function runCli(command: () => Promise<void>) {
  command().catch((error: unknown) => {
    if (error instanceof OpsError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    }
    process.exit(1);
  });
}
