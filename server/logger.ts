import { type LoggerOptions, stdSerializers } from 'pino';
import { loggableError } from './loggable-error';

/**
 * Structured logs. Request bodies are never logged (they carry answers, passwords and
 * contact details); these paths remove the secrets that travel in headers, and errors are
 * logged without the values of their statements or any e-mail address.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { err: (error: unknown) => stdSerializers.err(loggableError(error) as Error) },
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
