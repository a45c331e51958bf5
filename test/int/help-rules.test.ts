import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/ops/config.ts';
import { answerText, gameIn, harness, type Harness } from '../support/discord-harness.ts';

describe('/help links the rules (issue 15 "Say what I can do, in words")', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ rateLimit: 10_000, rulesUrl: 'https://example.org/turnkeeper/blob/main/' });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('GIVEN RULES_URL WHEN a player asks /help in a game with a README THEN the answer links that game\'s rules; a game without one gets no link', async () => {
    const cw = await gameIn(h, ['ana', 'bea'], { game: 'comaward', seed: 3 });
    const help = answerText(await h.discord.slash('ana', cw.threadId, '/help'));
    expect(help).toContain('The rules in words, with every option: <https://example.org/turnkeeper/blob/main/src/games/comaward/README.md>');
    const tally = await gameIn(h, ['ana', 'bea'], { seed: 3 });
    expect(answerText(await h.discord.slash('ana', tally.threadId, '/help'))).not.toContain('The rules in words');
  });

  it('GIVEN a RULES_URL that is not https or does not end in / WHEN the configuration is read THEN it is refused naming the variable', () => {
    expect(() => loadConfig({ RULES_URL: 'http://example.org/' })).toThrow(/RULES_URL/);
    expect(() => loadConfig({ RULES_URL: 'https://example.org/x' })).toThrow(/RULES_URL/);
    expect(loadConfig({ RULES_URL: 'https://example.org/x/' }).RULES_URL).toBe('https://example.org/x/');
  });
});
