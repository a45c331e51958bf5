import { Writable } from 'node:stream';
import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createLogger, safeError } from './logger.ts';

const SECRET = 'the Prime I.D. is the Hollow Choir';

function captured(level = 'trace') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger(level, stream), text: () => lines.join('') };
}

function refusedDm(): DiscordAPIError {
  return new DiscordAPIError(
    { code: 50007, message: `Cannot send messages to this user ${SECRET}` },
    50007,
    403,
    'POST',
    'https://discord.com/api/v10/channels/123456789012345678/messages?wait=true',
    { body: { content: SECRET, nonce: 'n1' }, files: undefined } as never,
  );
}

describe('logger', () => {
  it('GIVEN a refused DM (DiscordAPIError carrying the private text in requestBody) WHEN logged under err THEN only its type, code, status, method, path and sizes are written', async () => {
    const log = captured();
    log.logger.warn({ err: refusedDm(), row: '7', code: 50007 }, 'delivery refused');
    const line = JSON.parse(log.text()) as { err: Record<string, unknown> };
    expect(log.text()).not.toContain('Hollow Choir');
    expect(line.err).toMatchObject({ code: 50007, status: 403, method: 'POST', path: '/api/v10/channels/123456789012345678/messages' });
    expect(line.err.requestBytes).toBeGreaterThan(SECRET.length);
  });

  it('GIVEN an error under any key, inside a cause, or logged on its own WHEN written THEN its message never appears', () => {
    const log = captured();
    const inner = Object.assign(new Error(`duplicate key (seed)=(918273645) ${SECRET}`), { code: '23505', detail: `Key (seed)=(918273645)` });
    const outer = new Error(`Invalid prisma.game.create() invocation: { seed: 918273645 }`, { cause: inner });
    log.logger.error({ error: outer, nested: { deeper: inner } }, 'x');
    log.logger.error(outer);
    log.logger.info({ err: `plain text ${SECRET}` }, 'y');
    const text = log.text();
    expect(text).not.toContain('918273645');
    expect(text).not.toContain('Hollow Choir');
    expect(text).toContain('"code":"23505"');
    expect(text.split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('GIVEN a Prisma-shaped error WHEN made safe THEN it keeps the code, model and target only', () => {
    const e = Object.assign(new Error(`Unique constraint failed on (gameId, nonce) args { seed: 918273645 }`), {
      name: 'PrismaClientKnownRequestError',
      code: 'P2002',
      clientVersion: '7.0.0',
      meta: { modelName: 'GameCommand', driverAdapterError: { cause: { kind: 'UniqueConstraintViolation', originalCode: '23505', originalMessage: SECRET, constraint: { fields: ['"gameId"', '"nonce"'] } } } },
    });
    const safe = safeError(e);
    expect(safe).toMatchObject({ type: 'PrismaClientKnownRequestError', code: 'P2002', model: 'GameCommand', target: ['gameId', 'nonce'], dbCode: '23505' });
    expect(JSON.stringify(safe)).not.toMatch(/918273645|Hollow/);
  });

  it('GIVEN an interaction callback failing WHEN its URL is logged THEN the interaction token in the path is redacted', () => {
    const token = `aW50ZXJhY3Rpb246${'x'.repeat(80)}`;
    const e = new DiscordAPIError({ code: 10062, message: 'Unknown interaction' }, 10062, 404, 'POST', `https://discord.com/api/v10/interactions/123/${token}/callback`, { body: undefined, files: undefined } as never);
    expect(safeError(e).path).toBe('/api/v10/interactions/123/:redacted/callback');
  });
});
