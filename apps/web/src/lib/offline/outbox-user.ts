/**
 * Who is signed in on this page, for the outbox (outbox.ts's setOutboxUser): kept apart
 * from the outbox's code so the signed-in app sets it at once while Dexie loads after the
 * first page has drawn (decision 053); screens that read the outbox see the person from
 * their first render.
 */
let signedInUserId: string | null = null;

export function setOutboxUserId(userId: string | null) {
  signedInUserId = userId;
}

export function outboxUserId(): string | null {
  return signedInUserId;
}
