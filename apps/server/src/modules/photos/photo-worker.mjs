// The photo pool's worker entry (process-photo.ts). A worker thread does not inherit the
// TypeScript loader the server or the test runner use, so the worker's module is loaded
// through tsx's own API here.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./photo-worker.ts', import.meta.url);

export default worker.default;
