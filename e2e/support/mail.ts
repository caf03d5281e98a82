import { expect } from "@playwright/test";
import { MAIL_URL } from "./env";

/** What the local mail server's inbox answers (GET /api/messages, packages/local-mail). */
export interface InboxMessage {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  htmlUrl: string;
  attachments: Array<{ index: number; filename: string; contentType: string; size: number; cid: string | null; url: string }>;
}

async function inboxOf(to: string): Promise<InboxMessage[]> {
  const response = await fetch(`${MAIL_URL}/api/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`inbox → ${response.status}`);
  return (await response.json()) as InboxMessage[];
}

/** Waits for the e-mail to `to` whose subject matches (e-mails leave through the job queue, a moment later). */
export async function waitForMail(to: string, subject: RegExp, timeout = 30_000): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await inboxOf(to)).find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout, message: `an e-mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** An attachment's bytes, as the inbox serves them. */
export async function attachment(message: InboxMessage, index: number): Promise<Buffer> {
  const a = message.attachments[index];
  if (!a) throw new Error(`message ${message.id} has no attachment ${index}`);
  const response = await fetch(`${MAIL_URL}${a.url}`);
  if (!response.ok) throw new Error(`attachment → ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
