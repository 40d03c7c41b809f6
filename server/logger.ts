import type { LoggerOptions } from 'pino';

/**
 * Structured logs. Request bodies are never logged (they carry answers, passwords and
 * contact details); these paths remove the secrets that travel in headers.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["stripe-signature"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
