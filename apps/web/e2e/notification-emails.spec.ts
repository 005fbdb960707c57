import { expect, signInAs, test } from './fixtures';

/**
 * Issue 20: a training due soon produces an email in the test SMTP server. The demo
 * gives staff@example.com "Grill Station Basics" due in two days; the reminder job runs
 * as the demo server starts and the email job sends it to the SMTP sink, whose inbox the
 * test reads over HTTP. The link in the email opens the training.
 */
const demoPort = Number(process.env.E2E_PORT ?? 4321);
const inbox = `http://127.0.0.1:${demoPort + 13}/messages`;

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${inbox}?to=${encodeURIComponent(address)}`);
  return (await response.json()) as ReceivedMail[];
}

test('a due demo training sends staff an email, plain and HTML, whose link opens the training', async ({ page }) => {
  const subject = 'Training due soon: Grill Station Basics';
  await expect
    .poll(async () => (await mailsTo('staff@example.com')).filter((mail) => mail.subject === subject).length, {
      timeout: 90_000,
    })
    .toBe(1);
  const [mail] = (await mailsTo('staff@example.com')).filter((item) => item.subject === subject);
  const link = mail?.text.match(/Open it in Brigade: (\S+)/)?.[1] ?? '';
  expect(link).toMatch(new RegExp(`^http://localhost:${demoPort}/trainings/[0-9a-f-]{36}$`));
  // The day as every screen writes it ("Due 7 Dec 2026"), not an ISO date (issue 31).
  expect(mail?.text).toMatch(/Due \d{1,2} [A-Z][a-z]{2} \d{4}/);
  expect(mail?.html).toContain(`href="${link}"`);

  await signInAs(page, 'staff', new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Grill Station Basics' })).toBeVisible();
});
