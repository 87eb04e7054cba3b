import type { Locale } from '@vireo/shared';
import { createTransport } from 'nodemailer';
import { translator } from '../messages/intl';

/** A button in an e-mail (a link to follow: verify, reset, accept); the plain-text part shows its address. */
export type EmailAction = { label: string; url: string };

export type EmailContent = {
  language: Locale;
  subject: string;
  /** Paragraphs separated by a blank line; an address in them becomes a link in the HTML part. */
  text: string;
  action?: EmailAction;
};

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string,
  );
}

/** Text as HTML: escaped, each address a link, line breaks kept. */
function linked(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    html += escapeHtml(text.slice(from, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:#0b6b5e">${escapeHtml(url)}</a>`;
    from = match.index + url.length;
  }
  return (html + escapeHtml(text.slice(from))).replaceAll('\n', '<br>');
}

/**
 * The two parts of an e-mail (wider-portal.md §2: HTML and plain text, in the recipient's language). The HTML is one
 * centred column of inline styles (what mail programs render), the brand on top, the button when there is one, and
 * the same footer as the text part. Everything the message says is in the text part too.
 */
export function renderEmail(content: EmailContent, brandName: string): { text: string; html: string } {
  const t = translator(content.language);
  const footer = t('email.footer', { brand: brandName });
  const paragraphs = content.text.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== '');
  const action = content.action;
  const text = [content.text.trim(), ...(action ? [`${action.label}:\n${action.url}`] : []), `--\n${footer}`].join(
    '\n\n',
  );
  const paragraph = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0b6b5e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p>` +
      paragraph(`${escapeHtml(t('email.actionFallback'))}<br>${linked(action.url)}`)
    : '';
  const html = `<!doctype html>
<html lang="${content.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f4"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c2321">
<tr><td style="padding:20px 24px;border-bottom:4px solid #0b6b5e;font-size:20px;font-weight:700;color:#0b6b5e">${escapeHtml(brandName)}</td></tr>
<tr><td style="padding:24px">
${paragraphs.map((text) => paragraph(linked(text))).join('\n')}
${button}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #dde3e1;font-size:13px;color:#4a5551">${escapeHtml(footer)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { text, html };
}

export type OutgoingEmail = {
  id: string;
  toAddress: string;
  language: string;
  subject: string;
  body: string;
  html: string;
};

/** What delivers an e-mail: SMTP through nodemailer (`SMTP_URL`). */
export type MailTransport = {
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
};

/** How long one SMTP exchange may take before the attempt fails and the job is retried later. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The SMTP transport (wider-portal.md §2). The Message-ID is the outbox row's, so the rare second delivery (an
 * instance that stopped after the server accepted the message but before the row was marked sent) is recognisable
 * as the same message by the receiving side.
 */
export function createSmtpTransport(options: { url: string; from: string; messageIdDomain: string }): MailTransport {
  const mailer = createTransport({
    url: options.url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(email) {
      const info = await mailer.sendMail({
        from: options.from,
        to: email.toAddress,
        subject: email.subject,
        text: email.body,
        html: email.html || undefined,
        messageId: `<${email.id}@${options.messageIdDomain}>`,
        headers: { 'Content-Language': email.language },
      });
      return { messageId: info.messageId };
    },
    close: () => mailer.close(),
  };
}
