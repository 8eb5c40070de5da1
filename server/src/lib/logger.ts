import pino, { type DestinationStream, type Logger, type LoggerOptions as LoggerOptionsOfPino } from 'pino';
import pretty from 'pino-pretty';
import { redactArgs, safeErrSerializer, safeReqSerializer } from './log-redact';

export type LoggerOptions = {
  level: string;
  /** Human-readable lines instead of JSON; main.ts sets it when stdout is a terminal. */
  pretty: boolean;
  /** Where lines go; stdout when omitted. */
  destination?: DestinationStream;
};

/**
 * The server's logger: one JSON object per line for log collectors, or
 * coloured, aligned lines for a person watching the terminal. Pretty
 * printing runs in this thread and writes synchronously, so the last lines
 * before process.exit (shutdown, fatal start-up errors) are never lost.
 */
export function createLogger(options: LoggerOptions): Logger {
  const base: LoggerOptionsOfPino = {
    level: options.level,
    base: { pid: process.pid },
    // Logs name accounts by uid, never by e-mail, and database errors lose their values (lib/log-redact.ts).
    serializers: { err: safeErrSerializer, error: safeErrSerializer, req: safeReqSerializer },
    hooks: {
      logMethod(args, method) {
        return method.apply(this, redactArgs(args) as Parameters<typeof method>);
      },
    },
  };
  if (!options.pretty) return options.destination ? pino(base, options.destination) : pino(base);
  return pino(
    base,
    pretty({
      colorize: pretty.isColorSupported && !options.destination,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      ...(options.destination && { destination: options.destination }),
    }),
  );
}
