/**
 * What one reply costs the server's CPU to write and to compress (issue 18), without a
 * database or a network: `node --import tsx bench/reply-cost.ts`.
 *
 * Replies: a page of the assignments overview as the bench chain fills it (10 people ×
 * 20 assignment cards = 200 cards, ~100 kB) and a page of 20 staff. Writers: the zod serializer
 * of fastify-type-provider-zod that the server used until issue 18 (parse with the
 * response schema, then JSON.stringify), fast-json-stringify compiled from the same
 * schema (apps/server/src/http/reply-serializer.ts), and bare JSON.stringify as a floor.
 * Compression: brotli at several qualities and gzip at two levels, on the written JSON.
 * Each figure is the median of 7 rounds of ~100 ms, in µs per reply.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { AssignmentCard, AssignmentOverview } from '@brigade/core/schemas/assignments';
import { StaffPage } from '@brigade/core/schemas/users';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { replySerializerOf } from '../apps/server/src/http/reply-serializer';

/** Deterministic, but as varied as real rows: random ids (they barely compress) and prose. */
let seed = 18;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const hex = (length: number) => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const randomUuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
const WORDS = (
  'the team guest kitchen fryer oil shift manager clean check allergen order table bar coffee cash ' +
  'safety hands wash knife closing opening fridge temperature label date stock delivery service smile ' +
  'greet menu special dessert sauce grill burger salad drink ice glass floor mop bin waste recycle ' +
  'first day week always never before after during every each when how why what who'
).split(' ');
const prose = (words: number) =>
  Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
const at = (day: number) => new Date(Date.UTC(2026, 9, 1 + day, 8, 30)).toISOString();
const restaurantRows = Array.from({ length: 7 }, (_, n) => ({ id: randomUuid(), name: `Restaurant ${n} ${prose(2)}` }));
const restaurants = (n: number) => [restaurantRows[n] ?? { id: randomUuid(), name: 'Restaurant' }];
const categories = Array.from({ length: 8 }, () => ({ id: randomUuid(), name: prose(1) }));
const trainings = Array.from({ length: 300 }, (_, n) => ({
  id: randomUuid(),
  title: `Training ${n}: ${prose(3)}`,
  description: prose(20 + Math.floor(random() * 20)),
  categories: [categories[n % 8], categories[(n * 3 + 1) % 8]],
}));

function overviewPage() {
  let card = 0;
  const items = Array.from({ length: 10 }, (_, person) => ({
    id: hex(32),
    name: `Person ${person} ${prose(1)}`,
    email: `person${person}@example.com`,
    role: 'staff',
    restaurants: restaurants(person % 7),
    assignments: Array.from({ length: 20 }, () => {
      card += 1;
      const completed = card % 5 < 3;
      return {
        id: randomUuid(),
        training: trainings[Math.floor(random() * trainings.length)],
        assignedAt: at(card % 30),
        dueAt: card % 3 === 0 ? null : at(30 + (card % 30)),
        completedAt: completed ? at(10 + (card % 20)) : null,
        overdue: !completed && card % 7 === 0,
        hasQuiz: card % 2 === 0,
        latestAttempt:
          card % 2 === 0 ? { score: 60 + (card % 40), passed: card % 40 >= 20, takenAt: at(card % 25) } : null,
        videos: { watched: card % 5, total: 4 },
      };
    }),
  }));
  return { items, total: 19_800, page: 1, pageSize: 10 };
}

/** The overview page as it is now: each assignment a line (title, status, quiz result). */
function overviewLines() {
  const page = overviewPage();
  return {
    ...page,
    items: page.items.map((person) => ({
      ...person,
      assignments: person.assignments.map((card) => ({
        title: card.training?.title ?? '',
        completed: card.completedAt !== null,
        overdue: card.overdue,
        ...(card.hasQuiz
          ? { quiz: card.latestAttempt && { score: card.latestAttempt.score, passed: card.latestAttempt.passed } }
          : {}),
      })),
    })),
  };
}

function staffPage() {
  const items = Array.from({ length: 20 }, (_, n) => ({
    id: hex(32),
    name: `Person ${n} ${prose(1)}`,
    email: `person${n}@example.com`,
    role: n % 10 === 0 ? 'manager' : 'staff',
    isActive: n % 50 !== 0,
    restaurants: restaurants(n % 7),
    trainingProgress: { completed: n % 20, total: 20 },
  }));
  return { items, total: 20_000, page: 1, pageSize: 20 };
}

/**
 * µs per call of each runner: the median of 7 rounds of ~100 ms each, the runners taking
 * turns within a round so that a busy machine slows them all alike.
 */
function microseconds(runners: (() => unknown)[]): number[] {
  const perRound = runners.map((run) => {
    for (let i = 0; i < 20; i++) run();
    const started = performance.now();
    let calls = 0;
    while (performance.now() - started < 20) {
      run();
      calls++;
    }
    return Math.max(1, calls * 5);
  });
  const rounds: number[][] = runners.map(() => []);
  for (let round = 0; round < 7; round++) {
    runners.forEach((run, index) => {
      const calls = perRound[index] ?? 1;
      const started = performance.now();
      for (let i = 0; i < calls; i++) run();
      rounds[index]?.push(((performance.now() - started) * 1000) / calls);
    });
  }
  return rounds.map((times) => times.sort((a, b) => a - b)[3] ?? Number.NaN);
}

const brotli = (quality: number) => (json: string) =>
  brotliCompressSync(json, {
    params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: quality },
  });
const gzip = (level: number) => (json: string) => gzipSync(json, { level });
const compressors: [string, (json: string) => Buffer][] = [
  ['brotli 1', brotli(1)],
  ['brotli 2', brotli(2)],
  ['brotli 3', brotli(3)],
  ['brotli 4 (chosen)', brotli(4)],
  ['brotli 5', brotli(5)],
  ['brotli 11 (maximum)', brotli(11)],
  ['gzip 1', gzip(1)],
  ['gzip 4', gzip(4)],
  ['gzip 6 (chosen)', gzip(6)],
];

const replies: [string, $ZodType, unknown][] = [
  // What the overview page carried before issue 18 made it lines: 200 full cards.
  [
    '200 assignment cards (the old overview page)',
    z.array(AssignmentCard),
    overviewPage().items.flatMap((person) => person.assignments),
  ],
  ['assignments overview, 10 people × 20 lines', AssignmentOverview, overviewLines()],
  ['staff list, 20 people', StaffPage, staffPage()],
];

const rows: string[] = [];
for (const [name, schema, reply] of replies) {
  const before = zodSerializerCompiler({ schema, method: 'GET', url: '/bench' });
  const compiledAt = performance.now();
  const now = replySerializerOf(schema);
  const compileMs = performance.now() - compiledAt;
  const json = now(reply);
  if (JSON.stringify(JSON.parse(before(reply))) !== JSON.stringify(JSON.parse(json))) {
    throw new Error(`${name}: the two serializers disagree`);
  }
  const [zodUs = 0, fjsUs = 0, floorUs = 0] = microseconds([
    () => before(reply),
    () => now(reply),
    () => JSON.stringify(reply),
  ]);
  rows.push(
    `| ${name} | ${(json.length / 1024).toFixed(1)} kB | ${zodUs.toFixed(0)} | ${fjsUs.toFixed(0)} | ${(zodUs / fjsUs).toFixed(1)}× | ${floorUs.toFixed(0)} | ${compileMs.toFixed(1)} ms |`,
  );
  console.error(`${name}: measured the writers`);
  const compressionUs = microseconds(
    compressors.map(
      ([, compress]) =>
        () =>
          compress(json),
    ),
  );
  for (const [index, [compressor, compress]] of compressors.entries()) {
    const size = compress(json).length;
    const us = compressionUs[index] ?? Number.NaN;
    rows.push(
      `| ↳ ${compressor} | ${(size / 1024).toFixed(1)} kB (${((100 * size) / json.length).toFixed(0)}%) | | ${us.toFixed(0)} | | | |`,
    );
  }
}

console.log(
  `Reply cost on this machine (Node ${process.versions.node}), µs per reply, median of 7 rounds\n\n` +
    '| reply | bytes | zod serializer µs | fast-json-stringify µs (or compression µs) | speed-up | JSON.stringify µs | compile once |\n' +
    '|---|---|---|---|---|---|---|\n' +
    rows.join('\n'),
);
