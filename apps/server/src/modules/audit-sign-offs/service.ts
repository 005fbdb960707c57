import { messages } from '@brigade/core/messages';
import { type AuditSignOffInput, signOffMessages } from '@brigade/core/schemas/audit-sign-offs';
import type { AuditDetail } from '@brigade/core/schemas/audits';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProvePassword } from '../../auth/password-proof';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { auditSignOffs } from '../../db/schema/checklists';
import { staffRestaurantAssignments } from '../../db/schema/restaurants';
import { users } from '../../db/schema/users';
import { badRequest, conflict, forbidden, HttpError } from '../../errors';
import { getAudit } from '../audits/service';

/** Too many failed attempts on the account (docs/decisions/028): 429, and when to try again. */
export class SignOffLimited extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

interface SignerRow {
  is_manager: boolean;
  must_change_password: boolean;
  signed: number;
}

/**
 * Signs a completed audit off, once (issue 33). The signer is the person the email and
 * password name (the manager on duty, typing them on the auditor's phone: checked as a
 * sign-in attempt is, without signing them in), or else the caller, who must then be a
 * manager of the audit's restaurant. The signer must be an active manager assigned to
 * that restaurant, with a password of their own (a temporary one was set by hq, who could
 * then sign for them). The caller must read the audit (getAudit: a draft is 404 to a
 * manager, another restaurant's audit 403). Refusals: 409 not completed or already
 * signed off; 400 credentials missing or wrong (not 401: that would end the phone
 * holder's own session in the web app); 403 not such a manager; 429 over the limits.
 */
export async function signOffAudit(
  db: Queryable,
  prove: ProvePassword,
  actor: SessionUser,
  auditId: string,
  input: z.output<typeof AuditSignOffInput>,
  address: string,
): Promise<AuditDetail> {
  const audit = await getAudit(db, actor, auditId);
  if (audit.status !== 'completed') throw conflict(signOffMessages.signOffNeedsCompleted);
  if (audit.signOff) throw conflict(signOffMessages.signOffAlreadySigned);

  let signerId: string;
  if (input.email !== undefined && input.password !== undefined) {
    const proof = await prove(input.email, input.password, address);
    if (proof.kind === 'limited') {
      const { reason, retryAfterSeconds } = proof.refusal;
      throw new SignOffLimited(
        reason === 'address' ? messages.tooManyAccountAttempts : messages.signInSlowedDown,
        retryAfterSeconds,
      );
    }
    if (proof.kind === 'wrong') {
      throw badRequest(signOffMessages.signOffWrongCredentials, { password: signOffMessages.signOffWrongCredentials });
    }
    signerId = proof.userId;
  } else if (actor.role === 'manager') {
    signerId = actor.id;
  } else {
    throw badRequest(signOffMessages.signOffCredentialsRequired, {
      email: messages.emailRequired,
      password: messages.passwordRequired,
    });
  }

  // One statement: who the signer is, and the sign-off written only if they may sign;
  // a second sign-off, here or racing on another server, finds the row and writes nothing.
  const result = (await db.execute(sql`
    with signer as (
      select u.id, u.name, u.must_change_password,
        u.role = 'manager' and u.is_active and exists (
          select 1 from ${staffRestaurantAssignments} sra
          where sra.user_id = u.id and sra.restaurant_id = ${audit.restaurant.id}
        ) as is_manager
      from ${users} u where u.id = ${signerId}
    ), signed as (
      insert into ${auditSignOffs} (audit_id, signed_by, signed_by_name, comment)
      select ${auditId}, s.id, s.name, ${input.comment} from signer s
      where s.is_manager and not s.must_change_password
      on conflict (audit_id) do nothing
      returning 1
    )
    select s.is_manager, s.must_change_password, (select count(*) from signed)::int as signed
    from signer s`)) as unknown as { rows: SignerRow[] };
  const signer = result.rows[0];
  if (!signer?.is_manager) throw forbidden(signOffMessages.signOffNotManager);
  if (signer.must_change_password) throw forbidden(signOffMessages.signOffTemporaryPassword);
  if (Number(signer.signed) === 0) throw conflict(signOffMessages.signOffAlreadySigned);
  return getAudit(db, actor, auditId);
}
