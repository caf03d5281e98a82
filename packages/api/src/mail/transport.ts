import nodemailer from "nodemailer";

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
  /** Set for images shown inside the HTML (`<img src="cid:…">`). */
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /**
   * Names this e-mail for good (the outbox row): a retry after a crash between the SMTP server's "accepted" and the
   * row's update sends the same Message-ID, which mailboxes (Gmail among them) show once.
   */
  key?: string;
}

export interface MailTransport {
  /** Hands the message to the SMTP server; throws when it is unreachable or refuses it (the job retries). */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // a server that is down or stuck fails the try quickly; the queue retries later
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return {
    async send(message) {
      const info = await transporter.sendMail({
        from,
        ...(message.key ? { messageId: `<${message.key}@${domain}>` } : {}),
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, cid: a.cid })),
      });
      return { messageId: String(info.messageId) };
    },
    close: () => transporter.close(),
  };
}
