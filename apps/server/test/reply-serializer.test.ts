import { AssignmentCard, AssignmentOverview } from '@brigade/core/schemas/assignments';
import { AuditDetail } from '@brigade/core/schemas/audits';
import { ErrorReply } from '@brigade/core/schemas/common';
import { HqDashboard } from '@brigade/core/schemas/dashboards';
import { EmbedConfig } from '@brigade/core/schemas/reports';
import { StaffMember } from '@brigade/core/schemas/users';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { replyJsonSchemaOf, replySerializerCompiler, replySerializerOf } from '../src/http/reply-serializer';

/**
 * Issue 18: replies are written by fast-json-stringify from the routes' zod schemas. The
 * zod serializer it replaces (parse, then JSON.stringify) is the reference: for every
 * reply it accepted, the new one writes the same JSON.
 */

/** What the zod serializer wrote before, parsed. */
const writtenBefore = (schema: $ZodType, value: unknown) =>
  JSON.parse(zodSerializerCompiler({ schema, method: 'GET', url: '/before' })(value));
const writtenNow = (schema: $ZodType, value: unknown) => JSON.parse(replySerializerOf(schema)(value));

const id = '6f1d2c1e-8a51-4c39-9a7e-2f6f3f5f0a01';
const restaurant = { id, name: 'Utrecht Centraal' };
const card = {
  id,
  training: {
    id,
    title: 'Fryer safety',
    description: 'Hot oil, "handled" right.\n',
    categories: [{ id, name: 'Safety' }],
  },
  assignedAt: '2026-11-01T08:00:00.000Z',
  dueAt: null,
  completedAt: '2026-11-03T10:00:00.000Z',
  overdue: false,
  hasQuiz: true,
  latestAttempt: { score: 80, passed: true, takenAt: '2026-11-03T09:59:00.000Z' },
  videos: { watched: 2, total: 4 },
};

const Item = z.object({ kind: z.literal('item'), name: z.string(), price: z.number() });
const Note = z.object({ kind: z.literal('note'), text: z.string(), pinned: z.boolean().optional() });
const Tree = z.object({
  name: z.string(),
  get children(): z.ZodArray<typeof Tree> {
    return z.array(Tree);
  },
});

const cases: [string, $ZodType, unknown][] = [
  [
    'the overview page',
    AssignmentOverview,
    {
      items: [
        {
          id,
          name: 'Sam',
          email: 'sam@example.com',
          role: 'staff',
          restaurants: [restaurant],
          assignments: [
            { title: 'Fryer safety', completed: true, overdue: false, quiz: { score: 80, passed: true } },
            { title: 'Hand hygiene "basics"', completed: false, overdue: true, quiz: null },
            { title: 'Welcome', completed: false, overdue: false },
          ],
          nextDueAt: '2026-12-01T00:00:00.000Z',
          lastCompletedAt: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    },
  ],
  [
    'a person’s cards (My Trainings, an expanded person)',
    z.array(AssignmentCard),
    [card, { ...card, latestAttempt: null, dueAt: '2026-12-01T00:00:00.000Z', completedAt: null }],
  ],
  [
    'an audit, auditor deleted',
    AuditDetail,
    {
      id,
      restaurant: { ...restaurant, timeZone: 'Europe/Amsterdam' },
      auditor: null,
      signOff: { name: 'Sam “the manager”', signedAt: '2026-11-01T09:30:00.000Z', comment: 'Fixed 🍳' },
      auditedAt: '2026-11-01T08:00:00.000Z',
      status: 'completed',
      finalScore: 87,
      version: 3,
      templateNames: ['Kitchen', 'Façade ☕'],
      items: [
        {
          id,
          templateName: 'Kitchen',
          itemText: 'Floors clean',
          orderNum: 1,
          mark: 'bad',
          comment: null,
          photos: [
            { id, width: 1600, height: 1200, thumbUrl: '/api/photos/x/thumb', displayUrl: '/api/photos/x/display' },
          ],
          actions: [{ id, status: 'open', dueOn: '2026-11-08', overdue: true, owners: ['Maya'], resolutionNote: null }],
        },
      ],
    },
  ],
  [
    'a dashboard',
    HqDashboard,
    {
      totalRestaurants: 500,
      totalStaff: 20000,
      pendingAudits: 3,
      overdueTrainings: 0,
      incompleteTrainings: 12,
      announcements: [
        {
          id,
          title: 'New menu',
          description: 'From Monday',
          createdAt: '2026-11-01T08:00:00.000Z',
          createdByName: null,
        },
      ],
      recentAudits: { items: [], total: 0 },
      actions: { open: 4, overdue: 1 },
      dueAudits: {
        due: 2,
        dueBy: '2026-12-07',
        missed: 1,
        restaurantCount: 1,
        restaurants: [{ restaurant, due: 2, dueBy: null, missed: 1 }],
      },
      checklists: {
        done: 5,
        due: 7,
        missed: 1,
        failures: 2,
        restaurantCount: 1,
        missedRestaurantCount: 1,
        restaurants: [{ restaurant, done: 5, due: 7, missed: 1, failures: 2 }],
      },
    },
  ],
  [
    'an error with field messages (a record)',
    ErrorReply,
    { message: 'Check the form', fields: { 'items.0.text': 'Required', _: 'x' } },
  ],
  ['an error without fields (optional, absent)', ErrorReply, { message: 'Not found' }],
  [
    'a literal',
    EmbedConfig,
    { data: { type: 'report', id: 'r', embedUrl: 'https://e', accessToken: 't', expiration: 'soon' } },
  ],
  [
    'numbers and integers',
    z.object({ ratio: z.number(), count: z.number().int(), negative: z.number() }),
    {
      ratio: 0.125,
      count: 9007199254740991,
      negative: -3.5e-7,
    },
  ],
  [
    'nullish and optional fields, present, null and absent',
    z.object({
      a: z.string().nullish(),
      b: z.string().nullish(),
      c: z.string().nullish(),
      d: z.number().int().optional(),
      e: z.array(z.string()).nullable(),
    }),
    { a: 'x', b: null, e: null },
  ],
  ['an enum array', z.array(z.enum(['hq', 'manager', 'staff'])), ['staff', 'hq']],
  ['a union of scalars', z.array(z.union([z.string(), z.number(), z.boolean()])), ['a', 1, true, '2']],
  [
    'a union of objects',
    z.array(z.union([Item, Note])),
    [
      { kind: 'item', name: 'Fries', price: 2.5 },
      { kind: 'note', text: 'Fresh oil' },
    ],
  ],
  [
    'a discriminated union',
    z.array(z.discriminatedUnion('kind', [Item, Note])),
    [
      { kind: 'note', text: 'Fresh oil', pinned: true },
      { kind: 'item', name: 'Fries', price: 2.5 },
    ],
  ],
  [
    'a nullable union',
    z.object({ entry: z.union([Item, Note]).nullable(), other: z.union([Item, Note]).nullable() }),
    {
      entry: null,
      other: { kind: 'item', name: 'Cola', price: 1 },
    },
  ],
  [
    'a record of objects',
    z.record(z.string(), z.object({ total: z.number().int() })),
    { a: { total: 1 }, b: { total: 2 } },
  ],
  ['a default', z.object({ tags: z.array(z.string()).default([]) }), { tags: ['x'] }],
  ['a recursive schema', Tree, { name: 'root', children: [{ name: 'leaf', children: [] }] }],
  ['null (204)', z.null(), null],
  [
    'escapes',
    z.object({ text: z.string() }),
    { text: 'quote " backslash \\ newline \n tab \t nul \u0000 emoji 🍟 </script>' },
  ],
];

describe('fast-json-stringify writes what the zod serializer wrote', () => {
  test.each(cases)('%s', (_name, schema, value) => {
    expect(writtenNow(schema, value)).toEqual(writtenBefore(schema, value));
  });

  test('Dates are written as ISO strings, as JSON.stringify wrote them', () => {
    const at = new Date('2026-11-24T23:42:05.123Z');
    const schema = z.object({ at: z.date(), maybe: z.date().nullable(), text: z.string() });
    expect(writtenNow(schema, { at, maybe: null, text: at })).toEqual({
      at: '2026-11-24T23:42:05.123Z',
      maybe: null,
      text: '2026-11-24T23:42:05.123Z',
    });
    expect(writtenNow(schema, { at, maybe: at, text: 'x' }).maybe).toBe(JSON.parse(JSON.stringify(at)));
  });

  test('"X or null" is written with a null test, not a validation per value', () => {
    const schema = replyJsonSchemaOf(AssignmentOverview) as { properties: { items: { items: Record<string, never> } } };
    const card = JSON.stringify(schema.properties.items.items);
    expect(card).not.toMatch(/anyOf|oneOf|"null"/);
    expect(card).toMatch(/"nullable":true/);
  });
});

describe('only what the schema names leaves the server', () => {
  const secret = 'argon2id$secret-hash';
  const staff = {
    id,
    name: 'Sam',
    email: 'sam@example.com',
    role: 'staff',
    isActive: true,
    restaurants: [{ ...restaurant, posId: secret }],
    trainingProgress: { completed: 1, total: 2, passwordHash: secret },
  };

  test('a service returning an extra secret column, at any depth, does not leak it', async () => {
    const app = Fastify();
    app.setSerializerCompiler(replySerializerCompiler);
    app.get('/staff', { schema: { response: { 200: StaffMember } } }, async () => ({ ...staff, passwordHash: secret }));
    app.get('/union', { schema: { response: { 200: z.array(z.union([Item, Note]).nullable()) } } }, async () => [
      { kind: 'item', name: 'Fries', price: 2.5, cost: secret },
      { kind: 'note', text: 'Fresh oil', author: { passwordHash: secret } },
      null,
    ]);
    const reply = await app.inject({ url: '/staff' });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain(secret);
    expect(reply.json()).toEqual(writtenBefore(StaffMember, { ...staff, passwordHash: secret }));
    const union = await app.inject({ url: '/union' });
    expect(union.statusCode).toBe(200);
    expect(union.body).not.toContain(secret);
    expect(union.json()).toEqual([
      { kind: 'item', name: 'Fries', price: 2.5 },
      { kind: 'note', text: 'Fresh oil' },
      null,
    ]);
    await app.close();
  });

  test('a reply missing a required property is a 500, as before, never a partial reply', async () => {
    const app = Fastify();
    app.setSerializerCompiler(replySerializerCompiler);
    app.get('/staff', { schema: { response: { 200: StaffMember } } }, async () => ({ id, name: 'Sam' }));
    const reply = await app.inject({ url: '/staff' });
    expect(reply.statusCode).toBe(500);
    expect(reply.body).not.toContain('Sam');
    await app.close();
  });
});

describe('a response schema the serializer cannot write fails the start, naming the route', () => {
  const unwritable: [string, $ZodType, RegExp][] = [
    [
      'a transform',
      z.object({ name: z.string().transform((name) => name.toUpperCase()) }),
      /Transforms cannot be represented/,
    ],
    [
      'a codec',
      z.object({
        at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
      }),
      /codec/,
    ],
    ['a preprocess step', z.object({ n: z.preprocess((value) => Number(value), z.number()) }), /preprocess/],
    ['a rewriting check', z.object({ email: z.string().toLowerCase() }), /rewrites the value/],
    ['a bigint', z.object({ big: z.bigint() }), /BigInt cannot be represented/],
    ['a custom type', z.object({ file: z.custom<Blob>() }), /Custom types cannot be represented/],
    ['a map', z.map(z.string(), z.number()), /Map cannot be represented/],
  ];

  test.each(unwritable)('%s', async (_name, schema, reason) => {
    const app = Fastify();
    app.setSerializerCompiler(replySerializerCompiler);
    app.get('/thing', { schema: { response: { 200: schema } } }, async () => ({}));
    const start = app.ready();
    await expect(start).rejects.toThrow(/GET \/thing \(200\)/);
    await expect(start).rejects.toThrow(reason);
    await app.close();
  });

  test('a plain JSON schema is refused too: every response schema is a zod schema', async () => {
    const app = Fastify();
    app.setSerializerCompiler(replySerializerCompiler);
    app.get('/thing', { schema: { response: { 200: { type: 'object' } } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/GET \/thing \(200\) is not a zod schema/);
    await app.close();
  });
});
