import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout (pino); one logger per process, children per component. */
export function createLogger(level = 'info'): Logger {
  return pino({ level, base: { app: 'turnkeeper' }, timestamp: pino.stdTimeFunctions.isoTime });
}
