import { describe, expect, it } from 'vitest';
import { rankMemberGames, type MemberGame } from '../../src/app/index.ts';
import { useLocalStack } from '../support/local-stack.ts';

const stack = useLocalStack();

function text(handle: { reply?: { content?: unknown } | undefined; followUps: readonly { content?: unknown }[] }): string {
  return String(handle.followUps.at(-1)?.content ?? handle.reply?.content ?? '');
}

describe('/games: where is it my move?', () => {
  it('GIVEN alice in three games (her move in one, bob\'s in another, a lobby) WHEN she asks /games THEN her move comes first with its thread link, the others say whom they wait on, nobody is pinged', async () => {
    const s = stack.get();
    const d = s.discord;
    const before = await d.slash('alice', d.channelId, '/games');
    expect(before.ephemeral).toBe(true);
    expect(text(before)).toContain('not part of any open game');

    await d.slash('alice', d.channelId, '/game new game:adventure seed:2');
    const mine = d.threads(d.channelId).at(-1)!;
    await d.slash('bob', mine.id, '/game join');
    await d.slash('alice', mine.id, '/game start');
    await d.slash('bob', d.channelId, '/game new game:adventure seed:3');
    const bobs = d.threads(d.channelId).at(-1)!;
    await d.slash('alice', bobs.id, '/game join');
    await d.slash('bob', bobs.id, '/game start');
    await d.slash('carol', d.channelId, '/game new game:adventure seed:4');
    const lobby = d.threads(d.channelId).at(-1)!;
    await d.slash('alice', lobby.id, '/game join');
    await s.settle();

    const answer = await d.slash('alice', d.channelId, '/games');
    const body = text(answer);
    expect(answer.ephemeral).toBe(true);
    expect(body).toContain('3 open games');
    expect(body).not.toMatch(/<@!?\d+>/);
    const yours = body.indexOf('**Your move**');
    const others = body.indexOf('**Waiting on others**');
    const gathering = body.indexOf('**Gathering players**');
    expect(yours).toBeGreaterThanOrEqual(0);
    expect(others).toBeGreaterThan(yours);
    expect(gathering).toBeGreaterThan(others);
    expect(body.slice(yours, others)).toContain(`/${mine.id}`);
    expect(body.slice(others)).toContain(`/${bobs.id}`);
    expect(body.slice(others, gathering)).toMatch(/waiting on bob/i);
    expect(body.slice(gathering)).toContain('2 seated');
    expect(body).toContain(`/${lobby.id}`);

    d.setLocale('alice', 'es-ES');
    const es = await d.slash('alice', d.channelId, '/games');
    d.setLocale('alice', 'en-US');
    expect(text(es)).toContain('**Te toca**');
  });

  it('GIVEN games in any order WHEN ranked THEN the ones waiting on me come first, nearest deadline first, then the rest by latest activity', () => {
    const at = (ms: number) => new Date(ms);
    const game = (id: string, myMove: boolean, deadline: number | null, activity: number): MemberGame => ({
      gameId: id, gameType: 'adventure', status: 'playing', place: { guildId: 'g', channelId: 'c', threadId: id }, role: 'player', seatNumber: 1, paused: false,
      myMove, waitingOn: [], players: 2, waitingSince: myMove ? at(0) : null, deadline: deadline === null ? null : at(deadline), lastActivityAt: at(activity),
    });
    const ranked = rankMemberGames([game('old', false, null, 1), game('late', true, 9_000, 5), game('new', false, null, 7), game('soon', true, 2_000, 2), game('open', true, null, 3)]);
    expect(ranked.map((g) => g.gameId)).toEqual(['soon', 'late', 'open', 'new', 'old']);
  });
});
