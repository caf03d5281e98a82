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
  return {
    async send(message) {
      const info = await transporter.sendMail({
        from,
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
