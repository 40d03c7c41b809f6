import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { OutboxEmail } from '../../db/repositories/email-outbox';
import type { Env } from '../env';

/** A mail ready for the wire: the outbox row's message plus its id, the sender and a stable Message-ID. */
export interface SendableEmail extends Pick<OutboxEmail, 'to' | 'subject' | 'text' | 'html' | 'attachments' | 'language' | 'replyTo'> {
  id: string;
  messageId: string;
  /** MAIL_FROM as configured, or its address under a clinic's name: nodemailer quotes and encodes the name. */
  from: string | { name: string; address: string };
}

/** The address of MAIL_FROM ('Minda <no-reply@minda.local>' or a bare address). */
export function mailFromAddress(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** The From of a mail: a clinic's name on MAIL_FROM's address, else MAIL_FROM as it is. */
export function senderOf(mailFrom: string, fromName: string | undefined): SendableEmail['from'] {
  return fromName ? { name: fromName, address: mailFromAddress(mailFrom) } : mailFrom;
}

export interface MailTransport {
  /** Delivers the mail or throws; answers where it went, for the log. */
  send: (email: SendableEmail) => Promise<string>;
  close: () => void;
}

const envelope = (email: SendableEmail) => ({
  messageId: email.messageId,
  from: email.from,
  to: email.to,
  subject: email.subject,
  text: email.text,
  html: email.html,
  attachments: email.attachments,
  // A mail to the clinic's own contact address needs no Reply-To naming that address again.
  replyTo: email.replyTo?.toLowerCase() === email.to.toLowerCase() ? undefined : email.replyTo,
  headers: {
    // Sent by a program, not a person (RFC 3834): out-of-office and other automatic replies stay
    // silent, so no mail loop starts between them and us.
    'Auto-Submitted': 'auto-generated',
    ...(email.language && { 'Content-Language': email.language }),
  },
});

/**
 * Connections each process keeps open to the SMTP server and reuses from one mail and one pass to
 * the next; the outbox worker sends as many mails at once, so none waits in nodemailer's queue.
 */
export const SMTP_CONNECTIONS = 5;

const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 20_000 };

/**
 * nodemailer's pool. `maxRequeues: 0`: a connection that drops mid-mail fails that attempt, which
 * the outbox retries later, instead of nodemailer sending it again on another connection and
 * stretching the attempt past the time the outbox allows for it (LONGEST_ATTEMPT_MS).
 */
export const SMTP_POOL = { pool: true, maxConnections: SMTP_CONNECTIONS, maxRequeues: 0, ...TIMEOUTS } as const;

/**
 * The longest one SMTP attempt can wait, against a server that stops answering: connecting,
 * the greeting, then silence on the socket. The outbox worker starts no attempt it could not
 * finish within its lease.
 */
export const LONGEST_ATTEMPT_MS = TIMEOUTS.connectionTimeout + TIMEOUTS.greetingTimeout + TIMEOUTS.socketTimeout;

/**
 * Sends through the SMTP server of the URL over pooled connections. The timeouts keep every
 * attempt well inside the outbox lease, so a slow server cannot make a second worker send the
 * same mail.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = createTransport({ url, ...SMTP_POOL });
  return {
    send: async (email) => {
      const info = await transporter.sendMail(envelope(email));
      return `smtp: ${info.response}`;
    },
    close: () => transporter.close(),
  };
}

/** Offline delivery: each mail becomes an .eml file in `dir`, openable in any mail client. */
export function emlFileTransport(dir: string): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (email) => {
      const info = await transporter.sendMail(envelope(email));
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${email.id}.eml`);
      await writeFile(file, info.message);
      return file;
    },
    close: () => transporter.close(),
  };
}

/** SMTP when SMTP_URL is set; otherwise .eml files under VAR_DIR/outbox. */
export function createMailTransport(env: Pick<Env, 'smtpUrl' | 'varDir'>): MailTransport {
  return env.smtpUrl ? smtpTransport(env.smtpUrl) : emlFileTransport(join(env.varDir, 'outbox'));
}
