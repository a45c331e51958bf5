import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, type GameEvent, type Genesis, type Snapshot } from '../../core/index.ts';
import { formatEvents, promptButtons } from '../../discord/present.ts';
import { packText } from './content.ts';
import { loadAdventurePack } from './fixture.test-helper.ts';
import { comanautsGame } from './index.ts';
import type { ComanautsState } from './state.ts';

const pack = await loadAdventurePack();
const names = ['Ana', 'Bea', 'Cid', 'Dot'];

/** Strings that must not show: the Prime I.D. (until it stood on the map), its clue deck, the face-down avatars. */
function secrets(s: ComanautsState, primeShown: boolean): string[] {
  const a = s.adventure;
  if (!a) throw new Error('no adventure');
  const out: string[] = [];
  const named = (id: string, name?: { en: string; es: string }): void => {
    out.push(`"${id}"`, `.${id}.`);
    if (name) out.push(name.en, name.es);
  };
  if (!primeShown) {
    named(s.primeEntity, pack.enemies.find((e) => e.id === s.primeEntity)?.name);
    out.push(a.prime);
  }
  for (const id of a.clueDeck) out.push(`clue.${id}.`, pack.clues?.find((c) => c.id === id)?.text.en ?? id);
  for (const p of s.players) for (const card of p.avatarCards.slice(p.current + 1)) named(card, pack.avatars.find((x) => x.id === card)?.name);
  return out;
}

/** Unread clues are the holder's alone: the public surface never shows them. */
function unread(s: ComanautsState): string[] {
  return (s.adventure?.clues ?? []).filter((c) => !c.read).flatMap((c) => [`clue.${c.id}.`, pack.clues?.find((x) => x.id === c.id)?.text.en ?? c.id]);
}

function publicSurface(s: ComanautsState, events: readonly GameEvent[], seq: number): string {
  const publicEvents = events.filter((e) => e.to === 'public');
  const text = (key: string, lang: string) => packText(pack, key, lang);
  return [
    JSON.stringify(comanautsGame.publicView(s)),
    JSON.stringify(publicEvents),
    formatEvents(publicEvents, 'en', names, text),
    formatEvents(publicEvents, 'es', names, text),
    JSON.stringify(promptButtons('g1', seq, comanautsGame.prompts(s), 'en', names)),
    JSON.stringify(comanautsGame.describeView?.(comanautsGame.publicView(s)) ?? []),
  ].join('\n');
}

describe('comanauts adventure leak test (rules 4)', () => {
  it('Rules §GAME SETUP 10 and 12, §CLUE CARDS: GIVEN seeded adventures with random legal play WHEN each step is shown THEN the Prime I.D. (before it stands on the map or the game ends), the clue deck and the face-down avatars are in no public output, no seat\'s view or secrets, no DM; unread clues reach only their holder', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 40 }), (seed, seats, choices) => {
        const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '4', options: {}, seats: Array.from({ length: seats }, (_, i) => ({ index: i, name: names[i] as string })), seed };
        let snap: Snapshot<ComanautsState> = genesisSnapshot(comanautsGame, genesis, pack);
        let primeShown = false;
        let checked = 0;
        for (let i = 0; i < 200 && comanautsGame.status(snap.state).phase === 'playing'; i++) {
          const seat = comanautsGame.awaiting(snap.state).seats[0] as number;
          const legal = comanautsGame.legalCommands(snap.state, seat);
          const pick = choices[i % choices.length] as number;
          // Half the games head for the exits, so the Nexus and the later comazones are checked too.
          const onward = seed % 2 === 0 ? legal.find((c) => c.type === 'move' && (c.args.to === 'exit' || c.args.to === 'trail')) : undefined;
          const command = onward && pick % 2 === 0 ? onward : pick % 4 === 0 && legal.some((c) => c.type === 'endActions') ? { type: 'endActions', args: {} } : (legal[pick % legal.length] as (typeof legal)[number]);
          const res = applyCommand(comanautsGame, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
          if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)}`);
          snap = res.value.snapshot;
          const s = snap.state;
          primeShown ||= s.enemies.some((e) => e.card === s.primeEntity) || s.outcome !== null;
          const hidden = secrets(s, primeShown);
          const surface = publicSurface(s, res.value.events, i + 1);
          for (const x of [...hidden, ...unread(s)]) expect(surface, `step ${i} ${command.type}`).not.toContain(x);
          const personal = [
            ...Array.from({ length: seats }, (_, k) => JSON.stringify(comanautsGame.viewFor(s, k)) + JSON.stringify(comanautsGame.secretsFor(s, k))),
            JSON.stringify(res.value.events.filter((e) => e.to !== 'public')),
          ].join('\n');
          for (const x of hidden) expect(personal, `step ${i} ${command.type}`).not.toContain(x);
          checked += 1;
        }
        expect(checked).toBeGreaterThan(0);
      }),
      { numRuns: 12 },
    );
  });
});
