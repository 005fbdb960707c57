import type { AuditDetail } from '@brigade/core/schemas/audits';
import type { PhotoRef } from '@brigade/core/schemas/photos';
import type { HTTPMethods } from 'fastify';
import sharp from 'sharp';
import { correctiveActions } from '../src/db/schema/corrective-actions';
import type { startTestApp } from './harness';
import type { RouteExample } from './route-example';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The authorization matrix's calls of the photo routes (issue 19): a photo on a draft of
 * restaurant A (and B), on a completed audit of each, and a fix photo on an open
 * corrective action of each, made afresh where the call changes them.
 */
export async function photoFixtures(
  t: TestApp,
  fixtures: {
    a: string;
    b: string;
    hqCookie: string;
    newAudit: (restaurantId: string) => Promise<AuditDetail>;
    markedGood: (audit: AuditDetail) => object;
    asHq: <T>(method: HTTPMethods, url: string, payload?: object) => Promise<T>;
  },
): Promise<Record<string, RouteExample>> {
  const { a, b, hqCookie, newAudit, markedGood, asHq } = fixtures;
  const boundary = '----brigade-matrix-photo';
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } })
    .jpeg()
    .toBuffer();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const photoFile = {
    payload: Buffer.concat([Buffer.from(head), jpeg, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
  async function post(url: string): Promise<PhotoRef> {
    const response = await t.request(hqCookie, {
      method: 'POST',
      url,
      payload: photoFile.payload,
      headers: { 'content-type': photoFile.contentType },
    });
    if (response.statusCode !== 201) throw new Error(`fixture POST ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as PhotoRef;
  }
  async function draftPhoto(restaurantId: string) {
    const audit = await newAudit(restaurantId);
    const item = audit.items[0];
    if (!item) throw new Error('audit without items');
    return { audit, photo: await post(`/api/audits/${audit.id}/items/${item.id}/photos`) };
  }
  async function completedPhoto(restaurantId: string) {
    const { audit, photo } = await draftPhoto(restaurantId);
    await asHq('POST', `/api/audits/${audit.id}/submit`, markedGood(audit));
    return photo;
  }
  async function openAction(restaurantId: string) {
    const [row] = await t.db
      .insert(correctiveActions)
      .values({ restaurantId, templateName: 'Kitchen', itemText: 'Floors clean', mark: 'bad', dueOn: '2026-12-01' })
      .returning({ id: correctiveActions.id });
    if (!row) throw new Error('no action');
    return row.id;
  }
  async function fixPhoto(restaurantId: string) {
    const actionId = await openAction(restaurantId);
    return { actionId, photo: await post(`/api/actions/${actionId}/photos`) };
  }
  const photoOfA = await completedPhoto(a);
  const photoOfB = await completedPhoto(b);

  return {
    'POST /api/audits/{auditId}/items/{itemId}/photos': {
      call: async () => {
        const audit = await newAudit(a);
        return { params: { auditId: audit.id, itemId: audit.items[0]?.id ?? '' }, raw: photoFile };
      },
    },
    'DELETE /api/photos/{id}': { call: async () => ({ params: { id: (await draftPhoto(a)).photo.id } }) },
    'GET /api/photos/{id}/thumb': {
      call: () => ({ params: { id: photoOfA.id } }),
      otherRestaurant: [() => ({ params: { id: photoOfB.id } })],
    },
    'GET /api/photos/{id}/display': {
      call: () => ({ params: { id: photoOfA.id } }),
      otherRestaurant: [() => ({ params: { id: photoOfB.id } })],
    },
    'POST /api/actions/{id}/photos': {
      call: async () => ({ params: { id: await openAction(a) }, raw: photoFile }),
      otherRestaurant: [async () => ({ params: { id: await openAction(b) }, raw: photoFile })],
    },
    'DELETE /api/actions/{id}/photos/{photoId}': {
      call: async () => {
        const { actionId, photo } = await fixPhoto(a);
        return { params: { id: actionId, photoId: photo.id } };
      },
      otherRestaurant: [
        async () => {
          const { actionId, photo } = await fixPhoto(b);
          return { params: { id: actionId, photoId: photo.id } };
        },
      ],
    },
  };
}
