import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/index.ts';
import { lineText } from '../../discord/present.ts';
import type { LifeformPack } from './content.ts';
import { packText } from './content.ts';
import { loadValleyForge } from './fixture.test-helper.ts';
import { lifeformGame } from './index.ts';
import { describeLifeformView, labelLifeformCommand } from './labels.ts';
import { playRandom } from './play.test-helper.ts';
import { arrange, setUp } from './scenario.test-helper.ts';
import type { LifeformState } from './state.ts';

let pack: LifeformPack;
beforeAll(async () => {
  pack = await loadValleyForge();
});

const naming = (_lang: string) => ({ seatNames: ['Ana', 'Ben', 'Cy', 'Di'], packText: (key: string, l: string) => packText(pack, key, l) });

/** States met along seeded random games (setup, turns, attacks, showdowns when they come). */
function states(): LifeformState[] {
  const out: LifeformState[] = [];
  for (const [seed, seats] of [[1, 2], [2, 3], [3, 4], [4, 2], [5, 3]] as const) {
    const played = playRandom(pack, seed, seats, [0, 3, 8, 15, 22, 29, 36, 1, 50], 400, undefined, { options: { evolution: seed >= 4 } });
    out.push(...played.steps.map((s) => s.state));
  }
  return out;
}

describe('Lifeform labels on Discord (issue 15 conventions, issue 17 "Commands")', () => {
  it('issue 15 §human labels: every legal command of every seat reads as text in English and Spanish, names from the pack, no ids or placeholders', () => {
    let checked = 0;
    for (const s of states()) {
      for (let seat = 0; seat < s.seats; seat++) {
        for (const c of lifeformGame.legalCommands(s, seat)) {
          const label = labelLifeformCommand(s, c);
          for (const lang of LANGUAGES) {
            const text = lineText(lang, label, naming(lang));
            expect(text, `${c.type} ${JSON.stringify(c.args)}`).not.toMatch(/\{\{|lf\.label|\.name\b|undefined/);
            expect(text.length).toBeGreaterThan(2);
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  }, 120_000);

  it('issue 15 §human labels (rules 2 commands): the hibernation split, help in a fight, evolution tokens and a data token’s icon read as words in English and Spanish, seats by name', () => {
    const s = states().find((x) => x.seats === 3 && x.characters.some((c) => c.owner === 1) && x.characters.some((c) => c.owner === 2)) as LifeformState;
    const commands = [
      { type: 'share', args: { split: [2, 1] } },
      { type: 'catMatch', args: {} },
      { type: 'noHelp', args: {} },
      { type: 'keepEvolution', args: { icon: 'moveTwice' } },
      { type: 'addEvolution', args: { icon: 'securityDoorRemoval' } },
      { type: 'cancelEvolution', args: { icon: 'terror' } },
      { type: 'act', args: { i: 0, who: 'ruiz', data: 'acid' } },
    ];
    const texts: Record<string, string[]> = {};
    for (const lang of LANGUAGES) {
      texts[lang] = commands.map((c) => lineText(lang, labelLifeformCommand(s, c), naming(lang)));
      for (const text of texts[lang] ?? []) expect(text).not.toMatch(/\{\{|lf\.label|lifeform:|\.name\b|undefined|moveTwice|securityDoorRemoval/);
    }
    expect(texts.en?.[0]).toBe('Hibernation cards: 2 to Ben, 1 to Cy');
    expect(texts.es?.[3]).toContain('mover una imagen dos veces');
  });

  it('issue 15 §turn buttons: answers to a question (no reaction, noise, agreement) are common and rank before playing a card', () => {
    const s = states()[0] as LifeformState;
    const noReaction = labelLifeformCommand(s, { type: 'noReaction', args: {} });
    const play = labelLifeformCommand(s, { type: 'play', args: { card: 'x.1', row: 0 } });
    expect(noReaction.common).toBe(true);
    expect(noReaction.rank).toBeLessThan(play.rank);
    expect(labelLifeformCommand(s, { type: 'noise', args: { noisy: true } }).code).toBe('lf.label.noise.noisy');
    expect(labelLifeformCommand(s, { type: 'noise', args: { noisy: false } }).code).toBe('lf.label.noise.silent');
  });

  it('issue 17 §Hidden information (the played line): GIVEN a command that names a seat\'s secret (the real image, a ghost, the stowaway, a card kept, discarded, fought or matched, a lifeform cancel, an objective\'s option) WHEN labelled THEN it is secret, so the table only reads that the seat chose; open moves are not', () => {
    const secretTypes = new Set(['pick', 'calibrate', 'stowaway', 'keep', 'discard', 'lurk', 'fight', 'match', 'ghost', 'counter', 'decide']);
    const seen = new Set<string>();
    for (const s of states()) {
      for (let seat = 0; seat < s.seats; seat++) {
        for (const c of lifeformGame.legalCommands(s, seat)) {
          seen.add(c.type);
          expect(labelLifeformCommand(s, c).secret === true, c.type).toBe(secretTypes.has(c.type));
        }
      }
    }
    for (const t of ['calibrate', 'vent', 'play']) expect(seen.has(t), t).toBe(true);
    // 13th Passenger, Mod D: the hiding place is the lifeform's; a location it reveals is for all to read.
    const s = states()[0] as LifeformState;
    expect(labelLifeformCommand(s, { type: 'hide', args: { location: 'x', tokens: 'y' } }).secret).toBe(true);
    expect(labelLifeformCommand(s, { type: 'reveal', args: { location: 'x' } }).secret).toBeUndefined();
  }, 120_000);

  it('issue 17 §Hidden information: the alt text is the same whichever image is the real lifeform', () => {
    for (const s of states().filter((x) => x.real !== null && x.images.filter((i) => i !== null).length > 1)) {
      const other = { ...s, real: ((s.real as number) + 1) % s.images.length };
      expect(describeLifeformView(lifeformGame.publicView(other))).toEqual(describeLifeformView(lifeformGame.publicView(s)));
    }
  }, 120_000);

  it('issue 17 §The picture (alt text): one line per character, image on the ship and the android, in both languages', () => {
    const s = states().find((x) => x.phase !== 'setup') as LifeformState;
    const lines = describeLifeformView(lifeformGame.publicView(s));
    const onShip = s.images.filter((i) => i !== null).length;
    expect(lines.filter((l) => l.code.startsWith('lf.alt.character'))).toHaveLength(s.characters.length);
    expect(lines.filter((l) => l.code === 'lf.alt.image')).toHaveLength(onShip);
    for (const lang of LANGUAGES) for (const l of lines) expect(lineText(lang, l, naming(lang))).not.toMatch(/\{\{|lf\.alt|\.name\b/);
  }, 120_000);

  it('Rules §OPTIONAL: EVOLUTION TOKEN, data tokens, the stowaway token and §13TH PASSENGER Mods B and D (alt text): GIVEN those tokens in the public view WHEN described THEN one line each names them in English and Spanish, and the hiding place only once the hunt ended unfound', () => {
    const base = setUp(3, 7, { evolution: true, mods: ['asteroids', 'hunt'] });
    const searcher = base.characters[0]?.id as string;
    const s = arrange(base, (d) => {
      d.stowawayToken = true;
      d.evolution = { pairs: [['terror', 'powerOutage']], held: ['move1', 'vent'] };
      d.dataTokens = { '1': ['claw', 'bite'], '2': [] };
      const p = d.passenger as NonNullable<LifeformState['passenger']>;
      p.asteroids = { minutes: [19, 17], strikes: 1, cards: ['hull-rupture'], struck: null };
      p.hunt = { stage: 'search', at: 'cockpit', tokensAt: 'airlock', actions: ['search'], searched: [{ location: 'cargo-hold', by: searcher }, { location: 'cryo-pods', by: 'halon' }], revealed: ['engineering-compartment'], found: false };
    });
    const lines = describeLifeformView(lifeformGame.publicView(s));
    const count = (code: string): number => lines.filter((l) => l.code === code).length;
    expect([count('lf.alt.stowawayToken'), count('lf.alt.evolutionHeld'), count('lf.alt.evolutionPair'), count('lf.alt.dataToken'), count('lf.alt.asteroids')]).toEqual([1, 2, 1, 2, 1]);
    expect([count('lf.alt.huntTokens'), count('lf.alt.huntSearched'), count('lf.alt.huntSearchedHalon'), count('lf.alt.huntRevealed'), count('lf.alt.huntUnfound')]).toEqual([1, 1, 1, 1, 0]);
    for (const lang of LANGUAGES) {
      const text = lines.map((l) => lineText(lang, l, naming(lang))).join('\n');
      expect(text).not.toMatch(/\{\{|lf\.alt|\.name\b|lifeform:icon|undefined/);
      expect(text).toContain('Ben');
      expect(text).toContain(packText(pack, 'location.airlock.name', lang));
      expect(text).not.toContain(packText(pack, 'location.cockpit.name', lang));
    }
    const done = arrange(s, (d) => {
      const p = d.passenger as NonNullable<LifeformState['passenger']>;
      p.asteroids = { minutes: [], strikes: 0, cards: [], struck: 'hull-rupture' };
      p.hunt = { ...(p.hunt as NonNullable<typeof p.hunt>), stage: 'done', actions: [] };
    });
    const after = describeLifeformView(lifeformGame.publicView(done));
    expect(after.filter((l) => l.code === 'lf.alt.asteroidStruck')).toHaveLength(1);
    for (const lang of LANGUAGES) {
      const text = after.map((l) => lineText(lang, l, naming(lang))).join('\n');
      expect(text).toContain(packText(pack, 'location.cockpit.name', lang));
      expect(text).toContain(packText(pack, 'asteroid.hull-rupture.name', lang));
    }
  });
});
