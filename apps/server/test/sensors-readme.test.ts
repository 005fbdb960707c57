/**
 * The README's temperature sensors section (issue 37): its worked example is right. The
 * shell recipe (openssl) and the server's own signing give the signing key and signature
 * the README prints; a key or body one character off gives another signature.
 */

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { deviceKeyHash, signReadings } from '../src/modules/sensors/service';

const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
const section = readme.slice(readme.indexOf('### Temperature sensors'), readme.indexOf('## Documentation'));
const example = section.match(/```sh\n([\s\S]*?)```/)?.[1] ?? '';
const value = (name: string) => example.match(new RegExp(`^${name}='?(.*?)'?$`, 'm'))?.[1] ?? '';
const printed = [...example.matchAll(/^# ([0-9a-f]{64})$/gm)].map((match) => match[1]);

describe('README: temperature sensors', () => {
  test('the example has a key, a timestamp, a body and the two digests', () => {
    expect(value('KEY')).toMatch(/^brigade_sensor_/);
    expect(value('TS')).toMatch(/^\d+$/);
    expect(JSON.parse(value('BODY')).readings).toHaveLength(2);
    expect(printed).toHaveLength(2);
  });

  test("the server's signing gives the README's digests", () => {
    const [signingKey, signature] = printed;
    expect(deviceKeyHash(value('KEY'))).toBe(signingKey);
    expect(signReadings(deviceKeyHash(value('KEY')), value('TS'), value('BODY'))).toBe(signature);
    expect(signReadings(deviceKeyHash(`${value('KEY')}x`), value('TS'), value('BODY'))).not.toBe(signature);
    expect(signReadings(deviceKeyHash(value('KEY')), value('TS'), value('BODY').replace('3.4', '3.5'))).not.toBe(
      signature,
    );
  });

  test.skipIf(!fs.existsSync('/usr/bin/openssl'))('the shell recipe, run as printed, gives them too', () => {
    const recipe = example.split('\ncurl')[0] ?? '';
    const output = execFileSync('bash', ['-c', `${recipe}\necho "$SIGNING_KEY $SIGNATURE"`], { encoding: 'utf8' });
    expect(output.trim()).toBe(printed.join(' '));
  });
});
