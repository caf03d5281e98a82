import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type AddressObject } from "mailparser";
import { loopbackOnly } from "@tours/loopback-guard";

/**
 * The local mail server `npm start` runs when no SMTP_URL is set: it accepts every message over SMTP and keeps it
 * in memory, and shows them in a web inbox, so a newcomer sees each e-mail the product sends. Nothing leaves the
 * machine. The inbox's JSON (GET /api/messages) is what the e2e tests read. The inbox answers only requests
 * addressed to a loopback name (@tours/loopback-guard).
 */

interface InboxAttachment {
  index: number;
  filename: string;
  contentType: string;
  size: number;
  /** Set when the HTML shows it inline (cid:…). */
  cid: string | null;
  /** Path on the inbox's web server. */
  url: string;
}

export interface InboxMessage {
  id: number;
  from: string;
  to: string[];
  subject: string;
  /** The Message-ID header as sent (null when it had none): a message delivered twice carries the same one. */
  messageId: string | null;
  /** ISO time the local server received it. */
  receivedAt: string;
  text: string;
  /** The HTML as sent (inline images as cid: references). */
  html: string;
  /** Path of the HTML with inline images pointing at the inbox (what the web inbox shows). */
  htmlUrl: string;
  attachments: InboxAttachment[];
}

export interface RunningMailServer {
  smtpPort: number;
  webPort: number;
  /** smtp://127.0.0.1:<port>, for the API's transport. */
  smtpUrl: string;
  /** The web inbox. */
  url: string;
  messages(): InboxMessage[];
  close(): Promise<void>;
}

interface LocalMailServerOptions {
  smtpPort: number;
  webPort: number;
  host?: string;
  /** Older messages are dropped beyond this many. */
  keep?: number;
}

interface Stored extends InboxMessage {
  contents: Buffer[];
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? "")).filter(Boolean);

export async function startLocalMailServer(options: LocalMailServerOptions): Promise<RunningMailServer> {
  const host = options.host ?? "127.0.0.1";
  const keep = options.keep ?? 500;
  const stored: Stored[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    // a local catch-all: no login, no TLS, every recipient accepted
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: 20 * 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          const id = nextId++;
          stored.push({
            id,
            from: mail.from?.text ?? "",
            to: addresses(mail.to),
            subject: mail.subject ?? "",
            messageId: mail.messageId ?? null,
            receivedAt: new Date().toISOString(),
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            htmlUrl: `/api/messages/${id}/html`,
            attachments: mail.attachments.map((a, index) => ({
              index,
              filename: a.filename ?? `adjunto-${index + 1}`,
              contentType: a.contentType,
              size: a.size,
              cid: a.cid ?? null,
              url: `/api/messages/${id}/attachments/${index}`,
            })),
            contents: mail.attachments.map((a) => a.content),
          });
          if (stored.length > keep) stored.splice(0, stored.length - keep);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  const web = createServer(
    loopbackOnly((req, res) => {
      try {
        handle(req, res);
      } catch {
        res.writeHead(500).end();
      }
    }),
  );

  function publicView(m: Stored): InboxMessage {
    const { contents: _contents, ...rest } = m;
    return rest;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", "http://inbox.local");
    const parts = url.pathname.split("/").filter(Boolean);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(JSON.stringify(body));
    if (url.pathname === "/api/messages" && req.method === "DELETE") {
      stored.length = 0;
      return void json(200, { ok: true });
    }
    if (url.pathname === "/api/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      const list = stored.filter((m) => !to || m.to.some((a) => a.toLowerCase() === to)).reverse();
      return void json(200, list.map(publicView));
    }
    if (parts[0] === "api" && parts[1] === "messages" && parts[2]) {
      const m = stored.find((s) => s.id === Number(parts[2]));
      if (!m) return void json(404, { error: "No existe ese mensaje" });
      if (parts.length === 3) return void json(200, publicView(m));
      if (parts[3] === "html" && parts.length === 4) {
        const html = m.html.replace(/cid:([^"'\s>]+)/g, (whole, cid: string) => {
          const a = m.attachments.find((x) => x.cid === cid);
          return a ? a.url : whole;
        });
        res
          .writeHead(200, {
            "content-type": "text/html; charset=utf-8",
            // the message is shown, never run
            "content-security-policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
          })
          .end(html);
        return;
      }
      if (parts[3] === "attachments" && parts[4] !== undefined) {
        const a = m.attachments[Number(parts[4])];
        const content = m.contents[Number(parts[4])];
        if (!a || !content) return void json(404, { error: "No existe ese adjunto" });
        res
          .writeHead(200, {
            "content-type": a.contentType,
            "content-length": content.length,
            "content-disposition": `inline; filename="${a.filename.replace(/"/g, "")}"`,
          })
          .end(content);
        return;
      }
    }
    if (url.pathname === "/") {
      const selected = stored.find((s) => s.id === Number(url.searchParams.get("id"))) ?? stored.at(-1);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(inboxPage([...stored].reverse(), selected));
      return;
    }
    json(404, { error: "No encontrado" });
  }

  // smtp-server re-emits its socket's errors (a busy port) on itself
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(options.smtpPort, host, () => {
      smtp.off("error", reject);
      smtp.on("error", () => {}); // a client's broken connection must not crash the process
      resolve();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      web.once("error", reject);
      web.listen(options.webPort, host, () => {
        web.off("error", reject);
        resolve();
      });
    });
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw err;
  }
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const webPort = (web.address() as AddressInfo).port;
  const shownHost = host === "127.0.0.1" || host === "0.0.0.0" ? "localhost" : host;

  return {
    smtpPort,
    webPort,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://${shownHost}:${webPort}`,
    messages: () => stored.map(publicView),
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await closeHttp(web);
    },
  };
}

function closeHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The web inbox: the list on the left (on top on a phone), the selected message on the right. */
function inboxPage(list: Stored[], selected: Stored | undefined): string {
  const items = list
    .map(
      (m) => `<li${m === selected ? ' class="sel"' : ""}><a href="/?id=${m.id}"><strong>${escapeHtml(m.subject || "(sin asunto)")}</strong>
<span>${escapeHtml(m.to.join(", "))} · ${escapeHtml(new Date(m.receivedAt).toLocaleString("es"))}</span></a></li>`,
    )
    .join("\n");
  const detail = selected
    ? `<h2>${escapeHtml(selected.subject)}</h2>
<p class="meta">De: ${escapeHtml(selected.from)}<br>Para: ${escapeHtml(selected.to.join(", "))}</p>
${selected.attachments.length ? `<p class="meta">Adjuntos: ${selected.attachments.map((a) => `<a href="${a.url}">${escapeHtml(a.filename)}</a>`).join(" · ")}</p>` : ""}
${selected.html ? `<iframe title="Mensaje" sandbox src="${selected.htmlUrl}"></iframe>` : ""}
<details${selected.html ? "" : " open"}><summary>Texto plano</summary><pre>${escapeHtml(selected.text)}</pre></details>`
    : "<p>Todavía no ha llegado ningún correo. Cuando el producto envíe uno (por ejemplo, al pagar un pedido), aparecerá aquí.</p>";
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Buzón local (${list.length})</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;color:#1f2937}
header{padding:12px 16px;background:#0f766e;color:#fff}
header p{margin:4px 0 0;font-size:14px;opacity:.9}
main{display:flex;min-height:calc(100vh - 70px)}
ul{list-style:none;margin:0;padding:0;width:340px;border-right:1px solid #e5e7eb;overflow:auto}
li a{display:block;padding:10px 16px;border-bottom:1px solid #f3f4f6;color:inherit;text-decoration:none}
li.sel a{background:#ecfdf5}
li span{display:block;font-size:13px;color:#6b7280}
section{flex:1;padding:16px;min-width:0}
.meta{font-size:14px;color:#4b5563}
iframe{width:100%;height:70vh;border:1px solid #e5e7eb;border-radius:6px}
pre{white-space:pre-wrap}
@media (max-width:700px){main{flex-direction:column}ul{width:auto;border-right:0;max-height:40vh}}
</style></head>
<body><header><h1 style="margin:0;font-size:20px">Buzón local</h1>
<p>Correos enviados por el producto en esta máquina (no salen a Internet). Recarga para ver los nuevos.</p></header>
<main><ul>${items}</ul><section>${detail}</section></main></body></html>`;
}
