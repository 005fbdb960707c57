/**
 * The demo's photo evidence: small JPEGs shipped in ./photos (made by make-photos.mjs)
 * attached to items of the demo's audits through the same processing and storage as an
 * upload, so a newcomer sees thumbnails, the viewer and a draft with a photo at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { auditItems, audits } from '../db/schema/audits';
import { photos } from '../db/schema/photos';
import { users } from '../db/schema/users';
import { photoValues, processPhoto, type StoredPhoto, storePhoto } from '../modules/photos/service';
import type { Storage } from '../storage/storage';

const PHOTOS_DIR = path.join(import.meta.dirname, 'photos');

/** Which shipped photo shows which item, by words of the item's text. */
const PHOTO_FOR = [
  { words: /fridge|freezer|temperature/i, file: 'fridge-thermometer.jpg' },
  { words: /hand-wash|soap/i, file: 'hand-wash-sink.jpg' },
  { words: /stored|labelled|storage/i, file: 'dry-store-shelf.jpg' },
  { words: /clean|floor|restroom/i, file: 'floor-spill.jpg' },
] as const;

/** Completed audits that get photos (the most recent ones), and photos per audit at most. */
const COMPLETED_AUDITS = 4;
const PER_AUDIT = 2;

/**
 * Attaches the photos once the demo chain is loaded: on the findings (Bad, then Needs
 * improvement) of the latest completed audits and on the first matching item of each
 * draft. The files are stored first and the rows written in one statement; if
 * anything fails, the stored files are removed again.
 */
export async function attachDemoPhotos(db: Database, storage: Storage): Promise<void> {
  const [hq] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'hq')).limit(1);
  const recent = await db
    .select({ id: audits.id, status: audits.status })
    .from(audits)
    .orderBy(desc(audits.auditedAt))
    .limit(50);
  const chosenAudits = [
    ...recent.filter((audit) => audit.status === 'completed').slice(0, COMPLETED_AUDITS),
    ...recent.filter((audit) => audit.status === 'draft'),
  ];
  if (chosenAudits.length === 0) return;
  const items = await db
    .select({ id: auditItems.id, auditId: auditItems.auditId, text: auditItems.itemText, mark: auditItems.mark })
    .from(auditItems)
    .where(
      inArray(
        auditItems.auditId,
        chosenAudits.map((audit) => audit.id),
      ),
    );

  const rank = (mark: string | null) => (mark === 'bad' ? 0 : mark === 'needs_improvement' ? 1 : 2);
  const targets = chosenAudits.flatMap((audit) => {
    const draft = audit.status === 'draft';
    return items
      .filter((item) => item.auditId === audit.id && (draft || rank(item.mark) < 2))
      .flatMap((item) => {
        const match = PHOTO_FOR.find((photo) => photo.words.test(item.text));
        return match ? [{ itemId: item.id, file: match.file, rank: rank(item.mark) }] : [];
      })
      .sort((a, b) => a.rank - b.rank)
      .slice(0, draft ? 1 : PER_AUDIT);
  });
  if (targets.length === 0) return;

  // Each shipped file is processed once; its two sizes are stored for every row (keys are unique).
  const processed = new Map(
    await Promise.all(
      [...new Set(targets.map((target) => target.file))].map(
        async (file) => [file, await processPhoto(fs.readFileSync(path.join(PHOTOS_DIR, file)))] as const,
      ),
    ),
  );
  const stored: StoredPhoto[] = [];
  try {
    for (const target of targets) {
      const photo = processed.get(target.file);
      if (photo) stored.push(await storePhoto(storage, photo));
    }
    const actor = { id: hq?.id ?? null };
    await db
      .insert(photos)
      .values(stored.map((files, index) => ({ ...photoValues(files, actor), auditItemId: targets[index]?.itemId })));
  } catch (error) {
    const keys = stored.flatMap((files) => [files.displayKey, files.thumbKey]);
    await Promise.all(keys.map((key) => storage.remove(key).catch(() => {})));
    throw error;
  }
}
