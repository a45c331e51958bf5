import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/i18n/index.ts';
import { formatEvents, lineText } from '../src/discord/present.ts';
import { lifeformGame, packText, type LifeformPack, type LifeformState } from '../src/games/lifeform/index.ts';
import { loadValleyForge } from '../src/games/lifeform/fixture.test-helper.ts';
import { playRandom } from '../src/games/lifeform/play.test-helper.ts';
import { lfChoices, LF_GROUPS, typesOf } from './lf.ts';

let pack: LifeformPack;
beforeAll(async () => {
  pack = await loadValleyForge();
});

const NAMES = ['Ana', 'Ben', 'Cy', 'Di'];

/** The same table with other lifeform secrets: another real image, another hand, another stowaway choice. */
function otherSecrets(s: LifeformState): LifeformState {
  const onShip = s.images.map((at, i) => (at === null ? -1 : i)).filter((i) => i >= 0);
  const real = s.real === null || onShip.length < 2 ? s.real : (onShip[(onShip.indexOf(s.real) + 1) % onShip.length] as number);
  const n = Math.min(s.lfHand.length, s.lfDeck.length);
  const lfHand = [...s.lfDeck.slice(0, n), ...s.lfHand.slice(n)];
  const lfDeck = [...s.lfHand.slice(0, n), ...s.lfDeck.slice(n)];
  const stowaways = Object.keys(s.board.stowaways);
  const stowaway = s.stowaway === null ? null : (stowaways.find((x) => x !== s.stowaway) ?? s.stowaway);
  return { ...s, real, lfHand, lfDeck, stowaway } as LifeformState;
}

/** Everything the Discord layer shows a crew seat: its autocomplete by /lf subcommand, its DMs, the alt text, the public view. */
function crewSees(s: LifeformState, seat: number): string[] {
  const naming = { seatNames: NAMES, packText: (key: string, lang: string) => packText(pack, key, lang) };
  const legal = { seq: 1, commands: lifeformGame.legalCommands(s, seat), labels: lifeformGame.legalCommands(s, seat).map((c) => lifeformGame.labelCommand?.(s, c, seat) ?? { code: c.type, rank: 0 }) };
  const out: string[] = [JSON.stringify(lifeformGame.publicView(s))];
  for (const lang of LANGUAGES) {
    for (const sub of [...Object.keys(LF_GROUPS), 'any']) out.push(JSON.stringify(lfChoices(lang, legal, typesOf(sub), '', naming, 1000)));
    out.push(formatEvents(lifeformGame.secretsFor(s, seat), lang, NAMES, naming.packText));
    out.push((lifeformGame.describeView?.(lifeformGame.publicView(s)) ?? []).map((l) => lineText(lang, l, naming)).join('\n'));
  }
  return out;
}

describe('Lifeform secrets through the Discord layer (issue 17 "Hidden information on Discord")', () => {
  it('issue 17 §Hidden information: what a crew seat sees on Discord (autocomplete labels, DMs, alt text, public view) is the same whatever the real lifeform, its hand and its stowaway choice', () => {
    let compared = 0;
    let secretsChanged = 0;
    for (const [seed, seats] of [[5, 2], [6, 3], [7, 4]] as const) {
      const played = playRandom(pack, seed, seats, [0, 3, 8, 15, 22, 29, 36, 1, 50], 300);
      for (const step of played.steps) {
        const s = step.state;
        const other = otherSecrets(s);
        // The counterfactual really changes what the lifeform seat sees, so the comparison below means something.
        if (JSON.stringify(lifeformGame.viewFor(other, s.lifeformSeat)) !== JSON.stringify(lifeformGame.viewFor(s, s.lifeformSeat))) secretsChanged++;
        for (const seat of s.crewSeats) {
          expect(crewSees(other, seat)).toEqual(crewSees(s, seat));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(secretsChanged).toBeGreaterThan(100);
  }, 300_000);
});
