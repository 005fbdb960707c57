import { z } from 'zod';

/** How many caught emails the demo keeps: the oldest goes when one more arrives. */
export const DEMO_EMAILS_KEPT = 100;

/**
 * One email the demo's SMTP capture caught (issue 35, decision 039): where it went, what
 * it said, when it arrived. The text body only: the page shows it with its links clickable.
 */
export const DemoEmail = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  receivedAt: z.string(),
});
export type DemoEmail = z.infer<typeof DemoEmail>;

/** `GET /api/demo-emails`: the caught emails, newest first. */
export const DemoEmailList = z.object({ emails: z.array(DemoEmail) });
export type DemoEmailList = z.infer<typeof DemoEmailList>;

/** `GET /api/demo-emails/status`: whether this server catches its emails (the demo, without SMTP_URL). */
export const DemoEmailStatus = z.object({ on: z.boolean() });
export type DemoEmailStatus = z.infer<typeof DemoEmailStatus>;
