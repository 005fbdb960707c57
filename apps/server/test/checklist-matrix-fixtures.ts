import type { PhotoRef } from '@brigade/core/schemas/photos';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { insertChecklist, insertRun, minutesFromNow } from './checklist-run-fixtures';
import type { startTestApp } from './harness';
import type { RouteExample } from './route-example';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The authorization matrix's calls of the checklist record routes (issue 33): Today of
 * restaurant A (and B), and a record of each, made afresh where the call changes it: open
 * for a value, a photo or a submit (its one item answered), submitted for a correction.
 */
export async function checklistRunFixtures(
  t: TestApp,
  { a, b, hqCookie }: { a: string; b: string; hqCookie: string },
): Promise<Record<string, RouteExample>> {
  const checklist = await insertChecklist(t.db, {
    name: 'Matrix checklist',
    allRestaurants: false,
    windows: [],
    content: {
      sections: [
        {
          id: 'main',
          title: 'Checks',
          items: [
            {
              id: 'done',
              label: 'Floor mopped',
              kind: 'tick',
              unit: null,
              min: null,
              max: null,
              choices: [],
              failingChoices: [],
              critical: false,
              failInstruction: null,
              failNeedsPhoto: false,
              failNeedsNote: false,
            },
          ],
        },
      ],
    },
  });
  const openRun = (restaurantId: string) =>
    insertRun(t.db, checklist, restaurantId, { opensAt: minutesFromNow(-10), windowId: null });
  async function answeredRun(restaurantId: string) {
    const id = await openRun(restaurantId);
    await t.db.execute(
      sql`insert into checklist_values (run_id, item_id, value) values (${id}, 'done', 'true'::jsonb)`,
    );
    return id;
  }
  async function submittedRun(restaurantId: string) {
    const id = await answeredRun(restaurantId);
    await t.db.execute(sql`update checklist_runs set status = 'submitted', submitted_at = now() where id = ${id}`);
    return id;
  }
  const runOfA = await openRun(a);
  const runOfB = await openRun(b);

  const boundary = '----brigade-matrix-checklist-photo';
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#27ae60' } })
    .jpeg()
    .toBuffer();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const photoFile = {
    payload: Buffer.concat([Buffer.from(head), jpeg, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
  async function photoOn(restaurantId: string) {
    const id = await openRun(restaurantId);
    const response = await t.request(hqCookie, {
      method: 'POST',
      url: `/api/checklist-runs/${id}/items/done/photos`,
      payload: photoFile.payload,
      headers: { 'content-type': photoFile.contentType },
    });
    if (response.statusCode !== 201) throw new Error(`fixture photo: ${response.statusCode} ${response.body}`);
    return { params: { id, itemId: 'done', photoId: (response.json() as PhotoRef).id } };
  }
  const correction = { itemId: 'done', value: true, reason: 'Checked again' };

  return {
    'GET /api/checklists/today': {
      call: () => ({ query: { restaurantId: a } }),
      otherRestaurant: [() => ({ query: { restaurantId: b } })],
    },
    'GET /api/checklist-runs/{id}': {
      call: () => ({ params: { id: runOfA } }),
      otherRestaurant: [() => ({ params: { id: runOfB } })],
    },
    'PUT /api/checklist-runs/{id}/items/{itemId}': {
      call: async () => ({ params: { id: await openRun(a), itemId: 'done' }, body: { value: true } }),
      otherRestaurant: [async () => ({ params: { id: await openRun(b), itemId: 'done' }, body: { value: true } })],
    },
    'POST /api/checklist-runs/{id}/submit': {
      call: async () => ({ params: { id: await answeredRun(a) } }),
      otherRestaurant: [async () => ({ params: { id: await answeredRun(b) } })],
    },
    'POST /api/checklist-runs/{id}/corrections': {
      call: async () => ({ params: { id: await submittedRun(a) }, body: correction }),
      otherRestaurant: [async () => ({ params: { id: await submittedRun(b) }, body: correction })],
    },
    'POST /api/checklist-runs/{id}/items/{itemId}/photos': {
      call: async () => ({ params: { id: await openRun(a), itemId: 'done' }, raw: photoFile }),
      otherRestaurant: [async () => ({ params: { id: await openRun(b), itemId: 'done' }, raw: photoFile })],
    },
    'DELETE /api/checklist-runs/{id}/items/{itemId}/photos/{photoId}': {
      call: () => photoOn(a),
      otherRestaurant: [() => photoOn(b)],
    },
  };
}
