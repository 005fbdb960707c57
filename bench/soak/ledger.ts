/**
 * Every write the server acknowledged (2xx with the ids it returned), and the SQL that
 * checks afterwards that each one is in the database, plus the invariants that must
 * hold whatever was cut off by a kill. Checks read whole tables and compare in
 * JavaScript, so they run the same on PostgreSQL and on a PGlite data directory.
 */
import type { SqlQuery } from './server';

type Mark = string | null;

interface AuditEntry {
  templateIds: string[];
  itemCount: number | null;
  draft: { version: number; marks: Record<string, Mark> } | null;
  /** Marks sent with a submit, acknowledged or not: a cut-off submit may have committed. */
  submitSent: Record<string, Mark> | null;
  submitted: { version: number; finalScore: number; marks: Record<string, Mark> } | null;
}

export interface TrainingRevision {
  title: string;
  description: string;
  categoryId: string;
  quizId: string | null;
  videoUrls: string[];
}

export interface QuizRevision {
  title: string;
  /** Per question, its option count; option 0 is the correct one. */
  options: number[];
}

/** Saves of one record by one writer: the last acknowledged revision, and every revision sent. */
interface Revisions<T> {
  acked: number;
  /** How many saves were acknowledged. */
  ackCount: number;
  sent: Map<number, T>;
}

export interface Loss {
  kind: string;
  id: string;
  detail: string;
}

export interface LedgerReport {
  acknowledged: Record<string, number>;
  lost: number;
  losses: Loss[];
}

export interface InvariantResult {
  name: string;
  violations: number;
  samples: string[];
}

export class Ledger {
  readonly users = new Set<string>();
  readonly trainings = new Map<string, string>();
  readonly audits = new Map<string, AuditEntry>();
  readonly attempts = new Map<string, { staffId: string; score: number; questionCount: number }>();
  readonly assignmentPairs = new Set<string>();
  readonly trainingSaves = new Map<string, Revisions<TrainingRevision>>();
  readonly quizSaves = new Map<string, Revisions<QuizRevision>>();

  auditCreated(id: string, templateIds: string[]) {
    this.audits.set(id, { templateIds, itemCount: null, draft: null, submitSent: null, submitted: null });
  }

  auditRead(id: string, itemCount: number) {
    const entry = this.audits.get(id);
    if (entry) entry.itemCount = itemCount;
  }

  auditDraft(id: string, version: number, marks: Record<string, Mark>) {
    const entry = this.audits.get(id);
    if (entry) entry.draft = { version, marks };
  }

  auditSubmitSent(id: string, marks: Record<string, Mark>) {
    const entry = this.audits.get(id);
    if (entry) entry.submitSent = marks;
  }

  auditSubmitted(id: string, version: number, finalScore: number, marks: Record<string, Mark>) {
    const entry = this.audits.get(id);
    if (entry) entry.submitted = { version, finalScore, marks };
  }

  assigned(staffIds: string[], trainingIds: string[]) {
    for (const staffId of staffIds)
      for (const trainingId of trainingIds) this.assignmentPairs.add(`${staffId}|${trainingId}`);
  }

  counts(): Record<string, number> {
    const audits = [...this.audits.values()];
    return {
      users: this.users.size,
      trainings: this.trainings.size,
      audits: audits.length,
      auditDrafts: audits.filter((audit) => audit.draft).length,
      auditSubmits: audits.filter((audit) => audit.submitted).length,
      quizAttempts: this.attempts.size,
      assignmentPairs: this.assignmentPairs.size,
      trainingSaves: [...this.trainingSaves.values()].reduce((sum, saves) => sum + saves.ackCount, 0),
      quizSaves: [...this.quizSaves.values()].reduce((sum, saves) => sum + saves.ackCount, 0),
    };
  }

  /** Every acknowledged write, looked up in the database. */
  async verify(query: SqlQuery): Promise<LedgerReport> {
    const losses: Loss[] = [];
    const lose = (kind: string, id: string, detail: string) => losses.push({ kind, id, detail });

    const userIds = new Set((await query<{ id: string }>('select id from users')).map((row) => row.id));
    for (const id of this.users) if (!userIds.has(id)) lose('user', id, 'created (201) but not in users');

    const trainingRows = await query<{ id: string; title: string }>('select id, title from trainings');
    const trainingTitles = new Map(trainingRows.map((row) => [row.id, row.title]));
    for (const [id, title] of this.trainings) {
      if (!trainingTitles.has(id)) lose('training', id, `created (201) as "${title}" but not in trainings`);
    }

    const auditRows = await query<{ id: string; status: string; final_score: number | null; version: number }>(
      'select id, status, final_score, version from audits',
    );
    const auditsById = new Map(auditRows.map((row) => [row.id, row]));
    const itemRows = await query<{ id: string; audit_id: string; mark: Mark }>(
      'select id, audit_id, mark from audit_items',
    );
    const itemsByAudit = new Map<string, Map<string, Mark>>();
    for (const row of itemRows) {
      const items = itemsByAudit.get(row.audit_id) ?? new Map<string, Mark>();
      itemsByAudit.set(row.audit_id, items);
      items.set(row.id, row.mark);
    }
    const marksDiffer = (expected: Record<string, Mark>, actual: Map<string, Mark>) =>
      Object.entries(expected).filter(([id, mark]) => actual.get(id) !== mark).length;
    for (const [id, entry] of this.audits) {
      const row = auditsById.get(id);
      if (!row) {
        lose('audit', id, 'created (201) but not in audits');
        continue;
      }
      const items = itemsByAudit.get(id) ?? new Map<string, Mark>();
      if (entry.itemCount !== null && items.size !== entry.itemCount) {
        lose('audit items', id, `GET showed ${entry.itemCount} items, the database holds ${items.size}`);
      }
      if (entry.submitted) {
        const differ = marksDiffer(entry.submitted.marks, items);
        if (row.status !== 'completed' || row.final_score !== entry.submitted.finalScore || differ > 0) {
          lose(
            'audit submit',
            id,
            `submit acknowledged (completed, score ${entry.submitted.finalScore}); database: ${row.status}, score ${row.final_score}, ${differ} marks differ`,
          );
        }
      } else if (entry.draft) {
        const draftDiffers = marksDiffer(entry.draft.marks, items);
        const asDraft = row.status === 'draft' && row.version >= entry.draft.version && draftDiffers === 0;
        const asCutOffSubmit =
          row.status === 'completed' && entry.submitSent !== null && marksDiffer(entry.submitSent, items) === 0;
        if (!asDraft && !asCutOffSubmit) {
          lose(
            'audit draft',
            id,
            `draft v${entry.draft.version} acknowledged; database: ${row.status} v${row.version}, ${draftDiffers} marks differ`,
          );
        }
      }
    }

    const attemptRows = await query<{ id: string; staff_id: string; score: number; question_count: number }>(
      'select id, staff_id, score, question_count from quiz_attempts',
    );
    const attemptsById = new Map(attemptRows.map((row) => [row.id, row]));
    const responseCounts = new Map<string, number>();
    for (const row of await query<{ attempt_id: string; n: string | number }>(
      'select attempt_id, count(*) as n from quiz_responses group by attempt_id',
    )) {
      responseCounts.set(row.attempt_id, Number(row.n));
    }
    for (const [id, attempt] of this.attempts) {
      const row = attemptsById.get(id);
      if (!row) lose('quiz attempt', id, `acknowledged (score ${attempt.score}) but not in quiz_attempts`);
      else if (row.score !== attempt.score || row.staff_id !== attempt.staffId) {
        lose('quiz attempt', id, `acknowledged score ${attempt.score}, database ${row.score}`);
      } else if ((responseCounts.get(id) ?? 0) !== attempt.questionCount) {
        lose(
          'quiz responses',
          id,
          `${attempt.questionCount} answers acknowledged, ${responseCounts.get(id) ?? 0} stored`,
        );
      }
    }

    const pairs = new Set(
      (
        await query<{ staff_id: string; training_id: string }>(
          'select staff_id, training_id from staff_training_assignments',
        )
      ).map((row) => `${row.staff_id}|${row.training_id}`),
    );
    let missingPairs = 0;
    for (const pair of this.assignmentPairs) {
      if (pairs.has(pair)) continue;
      missingPairs += 1;
      if (missingPairs <= 20) lose('assignment', pair, 'staff|training pair acknowledged (200) but not stored');
    }
    if (missingPairs > 20) lose('assignment', '...', `${missingPairs - 20} more missing pairs`);

    if (this.trainingSaves.size) await this.verifyTrainingSaves(query, lose);
    if (this.quizSaves.size) await this.verifyQuizSaves(query, lose);

    return { acknowledged: this.counts(), lost: losses.length, losses };
  }

  private async verifyTrainingSaves(query: SqlQuery, lose: (kind: string, id: string, detail: string) => void) {
    const rows = await query<{ id: string; title: string; description: string }>(
      'select id, title, description from trainings',
    );
    const categories = await query<{ training_id: string; category_id: string }>(
      'select training_id, category_id from training_category_assignments',
    );
    const quizLinks = await query<{ training_id: string; quiz_id: string }>(
      'select training_id, quiz_id from training_quiz_assignments',
    );
    const videos = await query<{ module_id: string; video_url: string | null; order_num: number }>(
      'select module_id, video_url, order_num from training_videos order by module_id, order_num',
    );
    for (const [id, saves] of this.trainingSaves) {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) {
        lose('training save', id, 'training gone');
        continue;
      }
      const rev = Number(/ r(\d+)$/.exec(row.title)?.[1] ?? Number.NaN);
      const expected = saves.sent.get(rev);
      if (!expected || rev < saves.acked) {
        lose('training save', id, `revision ${saves.acked} acknowledged; database holds "${row.title}"`);
        continue;
      }
      const actual = {
        description: row.description,
        categories: categories.filter((c) => c.training_id === id).map((c) => c.category_id),
        quizId: quizLinks.find((link) => link.training_id === id)?.quiz_id ?? null,
        videoUrls: videos.filter((video) => video.module_id === id).map((video) => video.video_url),
      };
      const problems = [
        actual.description === expected.description ? '' : `description "${actual.description}"`,
        actual.categories.length === 1 && actual.categories[0] === expected.categoryId
          ? ''
          : `categories ${JSON.stringify(actual.categories)}`,
        actual.quizId === expected.quizId ? '' : `quiz ${actual.quizId} instead of ${expected.quizId}`,
        JSON.stringify(actual.videoUrls) === JSON.stringify(expected.videoUrls)
          ? ''
          : `videos ${actual.videoUrls.length} instead of ${expected.videoUrls.length}`,
      ].filter(Boolean);
      if (problems.length) lose('training save', id, `title says r${rev} but ${problems.join(', ')} (half-saved)`);
    }
  }

  private async verifyQuizSaves(query: SqlQuery, lose: (kind: string, id: string, detail: string) => void) {
    const quizzes = await query<{ id: string; title: string }>('select id, title from training_quizzes');
    const questions = await query<{ id: string; quiz_id: string; order_num: number }>(
      'select id, quiz_id, order_num from quiz_questions order by quiz_id, order_num',
    );
    const options = await query<{ question_id: string; n: string | number }>(
      'select question_id, count(*) as n from quiz_options group by question_id',
    );
    const optionCount = new Map(options.map((row) => [row.question_id, Number(row.n)]));
    for (const [id, saves] of this.quizSaves) {
      const quiz = quizzes.find((row) => row.id === id);
      if (!quiz) {
        lose('quiz save', id, 'quiz gone');
        continue;
      }
      const rev = Number(/ r(\d+)$/.exec(quiz.title)?.[1] ?? Number.NaN);
      const expected = saves.sent.get(rev);
      if (!expected || rev < saves.acked) {
        lose('quiz save', id, `revision ${saves.acked} acknowledged; database holds "${quiz.title}"`);
        continue;
      }
      const actual = questions.filter((row) => row.quiz_id === id).map((row) => optionCount.get(row.id) ?? 0);
      if (JSON.stringify(actual) !== JSON.stringify(expected.options)) {
        lose(
          'quiz save',
          id,
          `title says r${rev} (options per question ${JSON.stringify(expected.options)}) but database has ${JSON.stringify(actual)}`,
        );
      }
    }
  }
}

/**
 * What must hold in any state the database can be left in, kill or no kill. (The ledger
 * checks that every audit the soak submitted holds all the marks it sent.)
 */
export async function checkInvariants(query: SqlQuery): Promise<InvariantResult[]> {
  const check = async (name: string, sql: string): Promise<InvariantResult> => {
    const rows = await query<{ id: string }>(sql);
    return { name, violations: rows.length, samples: rows.slice(0, 5).map((row) => String(row.id)) };
  };
  return [
    await check(
      'no completed audit without final_score',
      `select id from audits where status = 'completed' and final_score is null`,
    ),
    await check(
      'no audit without items while its templates have items',
      `select a.id from audits a
        where exists (select 1 from audit_template_assignments ta
                        join audit_template_items ti on ti.template_id = ta.template_id
                       where ta.audit_id = a.id)
          and not exists (select 1 from audit_items i where i.audit_id = a.id)`,
    ),
    await check(
      'no audit without its template assignments',
      `select a.id from audits a
        where exists (select 1 from audit_items i where i.audit_id = a.id)
          and not exists (select 1 from audit_template_assignments ta where ta.audit_id = a.id)`,
    ),
    await check(
      'audit items numbered 0..n-1',
      `select audit_id as id from audit_items group by audit_id
        having min(order_num) <> 0 or max(order_num) <> count(*) - 1 or count(distinct order_num) <> count(*)`,
    ),
    await check(
      'training videos numbered 0..n-1 (no gap in order_num)',
      `select module_id as id from training_videos group by module_id
        having min(order_num) <> 0 or max(order_num) <> count(*) - 1 or count(distinct order_num) <> count(*)`,
    ),
    await check(
      'no training without a category',
      `select t.id from trainings t
        where not exists (select 1 from training_category_assignments c where c.training_id = t.id)`,
    ),
    await check(
      'no quiz without questions',
      `select q.id from training_quizzes q where not exists (select 1 from quiz_questions qq where qq.quiz_id = q.id)`,
    ),
    await check(
      'every question has 2+ options and exactly one correct',
      `select qq.id from quiz_questions qq left join quiz_options o on o.question_id = qq.id
        group by qq.id having count(o.id) < 2 or count(*) filter (where o.is_correct) <> 1`,
    ),
    await check(
      'quiz attempts hold one response per question',
      `select a.id from quiz_attempts a left join quiz_responses r on r.attempt_id = a.id
        group by a.id, a.question_count having count(r.id) <> a.question_count`,
    ),
    await check(
      'no assignment whose staff or training is missing',
      `select s.id from staff_training_assignments s
         left join users u on u.id = s.staff_id left join trainings t on t.id = s.training_id
        where u.id is null or t.id is null`,
    ),
    await check(
      'at least one active hq account',
      `select 'none' as id where not exists (select 1 from users where role = 'hq' and is_active)`,
    ),
    await check(
      'no attempt whose quiz or person is missing',
      `select a.id from quiz_attempts a
         left join users u on u.id = a.staff_id left join training_quizzes q on q.id = a.quiz_id
        where u.id is null or q.id is null`,
    ),
  ];
}
