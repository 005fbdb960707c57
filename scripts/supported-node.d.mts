// The types of supported-node.mjs, which stays plain JavaScript so that an old Node runs it.
export const MINIMUM_NODE: string;
export const INSTALLED_MAJOR: number;
export function isSupported(version: string): boolean;
export function nodePackageName(platform?: NodeJS.Platform, arch?: NodeJS.Architecture): string;
export function nodeCacheDir(major: number): string;
export function installNode(major: number): string;
export function runOnSupportedNode(options?: { version?: string; install?: (major: number) => string }): Promise<void>;
