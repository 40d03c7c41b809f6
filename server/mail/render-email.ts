import type { Locales, TranslationFunctions } from '../../src/i18n/i18n-types';
import { i18nObject } from '../../src/i18n/i18n-util';
import { loadAllLocales } from '../../src/i18n/i18n-util.sync';

// The server holds every dictionary: a mail's language is chosen per recipient.
loadAllLocales();

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** What one kind of e-mail says; renderEmail lays it out as HTML and as plain text. */
export interface EmailContent {
  subject: string;
  heading: string;
  /** Paragraphs above the button. */
  intro: string[];
  action?: { label: string; url: string };
  /** Paragraphs below the button. */
  outro?: string[];
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Renders a mail in the locale, branded with the product name. Texts come from the
 * `emails` dictionary and values from users (a username) are escaped, never trusted as HTML.
 */
export function renderEmail(
  locale: Locales,
  compose: (LL: TranslationFunctions, appName: string) => EmailContent,
): RenderedEmail {
  const LL = i18nObject(locale);
  const appName = LL.appName();
  const content = compose(LL, appName);
  const footer = LL.emails.footer({ appName });
  const outro = content.outro ?? [];
  const action = content.action;

  const text = [
    appName,
    content.heading,
    ...content.intro,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...outro,
    `-- \n${footer}`,
  ].join('\n\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(LL.emails.linkHint())}<br><a href="${escapeHtml(action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#4f46e5">${escapeHtml(appName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join('\n')}
${button}
${outro.map(paragraph).join('\n')}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="margin:0;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</div></body></html>`;

  return { subject: content.subject, text, html };
}
