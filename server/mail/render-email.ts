import { isHexColour } from '../../domain/brand-colour';
import type { EmailAttachment } from '../../db/repositories/email-outbox';
import type { Locales, TranslationFunctions } from '../../i18n/i18n-types';
import { translationsFor } from '../translations';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  /** The language it is written in: its Content-Language. */
  language: Locales;
  /** Where a reply should go: the clinic's contact address on a clinic's mail, else none. */
  replyTo?: string;
  /** The sender's display name on a clinic's mail (`"Klinik Sejahtera" <no-reply@…>`); MAIL_FROM's own otherwise. */
  fromName?: string;
}

/** Clinic staff read one language; their mails are in English, a visitor's in their own. */
export const STAFF_LOCALE: Locales = 'en';

/** The product's indigo, on mails no clinic has coloured. */
const DEFAULT_COLOR = '#4f46e5';

/** Whose mail it is: the product itself, or a clinic with its name, logo, colour and contact. */
export interface EmailBrand {
  /** The clinic's name (domain/configuration.ts, clinicNameOf): the mail's header and its From. */
  name: string;
  /** The name in Malay mails, when the clinic is known by its screener's Malay title. */
  nameMs?: string;
  /** The clinic's primary colour, checked readable with white text when it was saved. */
  color?: string | null;
  /** Absolute: a mail client has no page to resolve '/logo.svg' against. */
  logoUrl: string | null;
  /** The clinic's contact address, its mails' Reply-To: a reply reaches a person, not our no-reply sender. */
  contactEmail: string;
}

/** The clinic's name in a language: its Malay name in Malay, where it has one. */
export const brandNameIn = (locale: Locales, brand: EmailBrand): string => (locale === 'ms' && brand.nameMs) || brand.name;

/** What one kind of e-mail says; renderEmail lays it out as HTML and as plain text. */
export interface EmailContent {
  subject: string;
  heading: string;
  /** Paragraphs above the button. */
  intro: string[];
  /** Facts laid out as label and value (when, who, phone), below the intro. */
  details?: { label: string; value: string }[];
  action?: { label: string; url: string };
  /** Paragraphs below the button. */
  outro?: string[];
  /** Replaces the account mails' footer. */
  footer?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Renders a mail in the locale, branded with the product name unless a brand is given.
 * Texts come from the dictionaries and values from users (a username, a client's name) are
 * escaped, never trusted as HTML.
 */
export function renderEmail(
  locale: Locales,
  compose: (LL: TranslationFunctions, appName: string) => EmailContent,
  brand?: EmailBrand,
): RenderedEmail {
  const LL = translationsFor(locale);
  const appName = brand ? brandNameIn(locale, brand) : LL.appName();
  // Checked on save; checked again here because it goes into the mail's style attributes as it is.
  const color = brand?.color && isHexColour(brand.color) ? brand.color : DEFAULT_COLOR;
  const logoUrl = brand?.logoUrl ?? null;
  const content = compose(LL, appName);
  const footer = content.footer ?? LL.emails.footer({ appName });
  const details = content.details ?? [];
  const outro = content.outro ?? [];
  const action = content.action;

  const text = [
    appName,
    content.heading,
    ...content.intro,
    ...(details.length > 0 ? [details.map((d) => `${d.label}: ${d.value}`).join('\n')] : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...outro,
    `-- \n${footer}`,
  ].join('\n\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="" height="40" style="height:40px;vertical-align:middle;margin-right:12px">`
    : '';
  const detailRows = details
    .map(
      (d) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;color:#6b7280;font-weight:600">${escapeHtml(d.label)}</th><td style="padding:4px 0">${escapeHtml(d.value)}</td></tr>`,
    )
    .join('\n');
  const detailTable = details.length > 0 ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">\n${detailRows}\n</table>` : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${color};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(LL.emails.linkHint())}<br><a href="${escapeHtml(action.url)}" style="color:${color};word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:${color}">${logo}${escapeHtml(appName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join('\n')}
${detailTable}
${button}
${outro.map(paragraph).join('\n')}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="margin:0;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</div></body></html>`;

  return { subject: content.subject, text, html, language: locale, ...(brand && { replyTo: brand.contactEmail, fromName: appName }) };
}
