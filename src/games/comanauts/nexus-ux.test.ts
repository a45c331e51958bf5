import { describe, expect, it } from 'vitest';
import { createRng, seedRng, type Rng } from '../../core/index.ts';
import { lineText, promptQuestions } from '../../discord/present.ts';
import { MIN_PREVIEW_PX, measure } from '../../render/legibility.test-helper.ts';
import { hasText, type Language } from '../../i18n/index.ts';
import { renderComanauts, TABLE_WIDTH } from './render.ts';
import { t } from '../../i18n/index.ts';
import { comanautsCommandSchemas, type ComanautsCommandType } from './commands.ts';
import { packText } from './content.ts';
import { drain, draftOf } from './engine.ts';
import { loadAdventurePack } from './fixture.test-helper.ts';
import { comanautsGame } from './index.ts';
import { decideCommand, setupGame } from './rules.ts';
import { scripted, type Run } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

/** Issue 18, what players trip over at the Nexus (issue 15's conventions: say the question, show the table as it is). */

const pack = await loadAdventurePack();
const names = ['Ana', 'Bea', 'Cid'];

function game(seed = 3, n = 2): ComanautsState {
  const seats = Array.from({ length: n }, (_, i) => ({ index: i, name: names[i] as string }));
  return setupGame({ avatarsPerPlayer: 3, startAvatars: ['wren', 'okafor', 'pim'] } as never, seats, createRng(seedRng(seed)), pack, 4, null);
}

function run(state: ComanautsState, seat: number, type: ComanautsCommandType, args: Record<string, unknown> = {}, rng: Rng = scripted([])): Run {
  const parsed = comanautsCommandSchemas[type].parse(args) as Record<string, unknown>;
  const r = decideCommand(state, { type, args: parsed }, { seat, now: '2026-01-01T00:00:00.000Z', rng, asHost: false, pack });
  return r.ok ? { ok: true, state: r.value.state, events: r.value.events } : { ok: false, error: r.error };
}

/** The party at the Nexus (Rules §The Nexus): page cleared, the first seat asked for its vote. */
function atNexus(seed = 3, n = 2): ComanautsState {
  const d = draftOf(game(seed, n));
  d.adventure!.comazone = '';
  d.enemies = [];
  d.work = [{ k: 'nexus', votes: [] }];
  d.phase = 'resolving';
  drain(d, { rng: scripted([]), events: [], pack });
  return d as unknown as ComanautsState;
}

const ui = (code: string, lang: string) => (hasText(code) ? t(lang as Language, code) : undefined);
const naming = { seatNames: names, packText: (key: string, lang: string) => packText(pack, key, lang) };

describe('comanauts at the Nexus: the question, the refusal, the picture', () => {
  it('Rules §THE NEXUS (issue 15 "Say what I can do, in words"): GIVEN the Nexus vote WHEN the turn message is drawn THEN the prompt carries its question line, in English and Spanish, above the comazone buttons', () => {
    const s = atNexus();
    expect(s.prompt?.kind).toBe('nexusVote');
    const prompts = comanautsGame.prompts(s);
    expect(prompts[0]?.question).toEqual({ code: 'comanauts.question.nexusVote' });
    expect(promptQuestions(prompts, 'en', naming)).toEqual(['Where next? Vote for a comazone — the bookkeeper settles a tie.']);
    expect(promptQuestions(prompts, 'es', naming)).toEqual(['¿Adónde ahora? Vota una comazona: el custodio decide si hay empate.']);
  });

  it('GIVEN prompts without a question (other games) WHEN the turn message is drawn THEN no question line is added', () => {
    expect(promptQuestions([{ seat: 0, kind: 'pick', options: [] }], 'en', naming)).toEqual([]);
  });

  it('Rules §THE NEXUS (issue 18): GIVEN my own vote is pending WHEN I try another action THEN the refusal says it waits for MY answer and names the question; another player is told whose answer it waits for', () => {
    const s = atNexus();
    const mine = run(s, 0, 'endActions');
    expect(mine.ok ? null : mine.error).toEqual({ code: 'comanauts.prompt.yours', params: { kind: 'nexusVote' } });
    const en = t('en', 'comanauts.prompt.yours', { kind: 'nexusVote' });
    expect(en).toContain('your own question');
    expect(en).toContain('Where next? Vote for a comazone');
    expect(t('es', 'comanauts.prompt.yours', { kind: 'nexusVote' })).toContain('¿Adónde ahora?');
    const theirs = run(s, 1, 'endActions');
    expect(theirs.ok ? null : theirs.error).toEqual({ code: 'comanauts.prompt.pending', params: { kind: 'nexusVote', seat: 0 } });
    expect(t('en', 'comanauts.prompt.pending', { kind: 'nexusVote', seatName: 'Ana' })).toBe('The game is waiting for Ana to answer first: Where next? Vote for a comazone — the bookkeeper settles a tie.');
    expect(t('es', 'comanauts.prompt.pending', { kind: 'nexusVote', seatName: 'Ana' })).toContain('Ana');
  });

  it('Rules §THE NEXUS (issue 18): GIVEN the party at the Nexus with one vote cast WHEN the table is described THEN the alt text tells the Nexus (no page, no old spaces): the comazones offered, the visited one, the vote so far, the notebook — from the public view, never the Prime', () => {
    const s = atNexus(3, 3);
    const pick = s.prompt?.options[0] as string;
    const voted = run(s, 0, 'answer', { value: pick });
    if (!voted.ok) throw new Error('vote refused');
    const view = comanautsGame.publicView(voted.state) as { adventure: { offered: string[]; votes: { seat: number; comazone: string }[] } };
    expect(view.adventure.votes).toEqual([{ seat: 0, comazone: pick }]);
    expect(view.adventure.offered).toEqual(voted.state.prompt?.options);
    const lines = comanautsGame.describeView?.(comanautsGame.publicView(voted.state)) ?? [];
    const codes = lines.map((l) => l.code);
    expect(codes[0]).toBe('comanauts.alt.nexusRound');
    expect(codes).not.toContain('comanauts.alt.page');
    expect(codes).not.toContain('comanauts.alt.player');
    expect(codes.filter((c) => c === 'comanauts.alt.playerNexus')).toHaveLength(3);
    expect(codes).toContain('comanauts.alt.nexusVisited');
    expect(codes.filter((c) => c === 'comanauts.alt.nexusOffered')).toHaveLength(view.adventure.offered.length);
    expect(lines).toContainEqual({ code: 'comanauts.alt.nexusVote', params: { seat: 0, comazoneKey: `comazone.${pick}.name` } });
    for (const lang of ['en', 'es'] as const) {
      const words = lines.map((l) => lineText(lang, l, naming)).join('\n');
      expect(words).toContain(packText(pack, `comazone.${pick}.name`, lang) as string);
      expect(words).toContain('Ana');
      const prime = pack.enemies.find((e) => e.id === voted.state.primeEntity)?.name[lang] as string;
      expect(words).not.toContain(prime);
    }
  });

  it('Rules §THE NEXUS (issue 18): GIVEN the party at the Nexus WHEN the table picture is drawn THEN it shows the Nexus instead of the old page — each comazone by name, the votes so far by player, the notebook — legible at 550 px, and never the Prime', async () => {
    const s = atNexus(3, 3);
    const pick = s.prompt?.options[0] as string;
    const voted = run(s, 0, 'answer', { value: pick });
    if (!voted.ok) throw new Error('vote refused');
    const view = { ...(comanautsGame.publicView(voted.state) as object), players: (comanautsGame.publicView(voted.state) as { players: object[] }).players.map((p, i) => ({ ...p, name: names[i] })) };
    for (const lang of ['en', 'es'] as const) {
      const m = await measure(() => renderComanauts(view, lang, ui, (key) => packText(pack, key, lang)), TABLE_WIDTH);
      const texts = m.texts.map((x) => x.text.replace(/\n/g, ' ')).join('\n');
      expect(texts).toContain(t(lang, 'comanauts.render.nexus'));
      expect(texts).toContain(t(lang, 'comanauts.render.notebook'));
      for (const z of voted.state.adventure?.nexus ?? []) expect(texts).toContain(packText(pack, `comazone.${z}.name`, lang) as string);
      expect(texts).toContain(`${t(lang, 'comanauts.render.votes')} 1: Ana`);
      expect(texts).not.toContain(packText(pack, `page.${voted.state.page.id}.name`, lang) as string);
      expect(texts).not.toContain(pack.enemies.find((e) => e.id === voted.state.primeEntity)?.name[lang] as string);
      expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
      expect(m.overlaps).toEqual([]);
      expect(m.overflows).toEqual([]);
      if (process.env.NEXUS_PNG) (await import('node:fs')).writeFileSync(`${process.env.NEXUS_PNG}-${lang}.png`, await renderComanauts(view, lang, ui, (key) => packText(pack, key, lang)));
    }
  });

  it('Rules §THE NEXUS (issue 18): GIVEN the party voting at the Nexus WHEN the table is described THEN its turn line names the vote — whose vote, how many are cast, then the bookkeeper settling a tie — in English and Spanish, never a count of dice', () => {
    const describe = (state: ComanautsState, lang: Language): string => lineText(lang, (comanautsGame.describeView?.(comanautsGame.publicView(state)) ?? [])[1]!, naming);
    const s = atNexus(3, 2);
    const [first, second] = s.prompt?.options as string[];
    expect(describe(s, 'en')).toBe('The party is choosing the next comazone: Ana votes now (0 of 2 votes cast so far).');
    expect(describe(s, 'es')).toBe('El grupo elige la próxima comazona: ahora vota Ana (0 de 2 votos emitidos hasta ahora).');
    const voted = run(s, 0, 'answer', { value: first });
    if (!voted.ok) throw new Error('vote refused');
    expect(describe(voted.state, 'en')).toBe('The party is choosing the next comazone: Bea votes now (1 of 2 votes cast so far).');
    const tied = run(voted.state, 1, 'answer', { value: second });
    if (!tied.ok) throw new Error('vote refused');
    expect(tied.state.prompt?.kind).toBe('nexusTie');
    const keeper = names[tied.state.bookkeeper] as string;
    expect(describe(tied.state, 'en')).toBe(`The vote for the next comazone is tied: ${keeper}, the bookkeeper, picks one of the tied comazones.`);
    expect(describe(tied.state, 'es')).toBe(`La votación de la próxima comazona está empatada: ${keeper}, como custodio, elige una de las comazonas empatadas.`);
    for (const state of [s, voted.state, tied.state]) {
      expect(describe(state, 'en')).not.toMatch(/dice|bag/);
      expect(describe(state, 'es')).not.toMatch(/dados|bolsa/);
    }
  });
});
