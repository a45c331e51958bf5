import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/index.ts';
import { hasText, pickLanguage, t } from '../../../i18n/index.ts';
import { lineText } from '../../../discord/present.ts';
import { MIN_PREVIEW_PX, measure } from '../../../render/legibility.test-helper.ts';
import { packText } from '../content.ts';
import { lifeformGame } from '../index.ts';
import { renderLifeform, WIDTH } from '../render.ts';
import type { LifeformState } from '../state.ts';
import { applyConflict, conflictCommand, conflictCounts } from './conflict.ts';
import { ok, rngOf, started } from './conflict.test-helper.ts';
import { change, legalOf, play, readyToLaunch, searchOf, searchStarted, topOf, vf } from './search.test-helper.ts';
import { createRng, seedRng } from '../../../core/index.ts';

const ui = (code: string, lang: string, params?: Record<string, unknown>): string | undefined => (hasText(code) ? t(pickLanguage(lang), code, params) : undefined);
const rooms = (vf.expansions?.passenger?.shuttlecraft?.locations ?? []).map((l) => l.id);
const zones = (vf.solo?.solo.conflict.secondaryZones ?? 0) + 1;

/** Launched with a DANGER stowaway and these Remora chambers holding a token (test-only). */
const launched = (chambers: string[], seed = 3): LifeformState => play(readyToLaunch(searchStarted(5), ['safe', 'danger'], chambers), 'launch', {}, seed).state;

/** A launched game at the guess, with this card face down (test-only). */
const guessing = (hidden: string): LifeformState => change(play(launched(['cockpit', 'airlock']), 'hunt').state, (_d, _so, st) => (st.hidden = hidden));

describe('13th Passenger MOD C: NEW POST-LAUNCH SHUTTLECRAFT PHASE (rules summary lines 2264–2286)', () => {
  it('§NEW POST-LAUNCH SHUTTLECRAFT PHASE: GIVEN the lifeform aboard WHEN the Remora launches THEN the chamber cards of the rooms holding a token are removed; one card left: the conflict as normal; more: CONFRONT or HUNT', () => {
    const one = launched(rooms.slice(0, 4));
    expect(searchOf(one).cards).toEqual([rooms[4]]);
    expect(topOf(one)).toBe('conflict');
    expect(one.solo?.conflict?.zones).toHaveLength(zones);
    const three = launched(['cockpit', 'airlock']);
    expect(searchOf(three).cards).toEqual(rooms.filter((r) => r !== 'cockpit' && r !== 'airlock'));
    expect(topOf(three)).toBe('shuttle');
    expect(legalOf(three)).toEqual([
      { type: 'confront', args: {} },
      { type: 'hunt', args: {} },
    ]);
    expect(lifeformGame.timeoutAction?.(three, 0)).toEqual({ type: 'confront', args: {} });
    // All SAFE: won at once, no shuttlecraft phase.
    const safe = play(readyToLaunch(searchStarted(5), ['safe'], []), 'launch').state;
    expect(safe.outcome).toMatchObject({ winner: 'crew', reason: 'safe' });
    expect(searchOf(safe).cards).toBeNull();
  });

  it('§CONFRONT THE LIFEFORM: GIVEN more than one card WHEN confronting THEN the conflict has an additional combat zone with the board\'s two combat icons', () => {
    const s = play(launched(['cockpit']), 'confront').state;
    const c = s.solo?.conflict;
    expect(c?.zones).toHaveLength(zones + 1);
    expect(c?.zones.at(-1)).toEqual([{ kind: 'remora', printed: true, icons: vf.solo?.solo.remora?.zone }]);
    expect(c?.extra).toEqual({ zone: zones, survival: false });
  });

  it('§CONFRONT THE LIFEFORM (the extra zone has no name on the board): GIVEN its conflict buttons WHEN read in English and Spanish THEN the extra zone is named once by its number ("zone 4", not "zone 4 (zone 4; …)"), a named zone by its name with its number', () => {
    const s = play(launched(['cockpit']), 'confront').state;
    const naming = { seatNames: [], packText: (k: string, l: string) => packText(vf, k, l) };
    const airlock = (zone: number) => legalOf(s).find((c) => c.type === 'conflictAirlock' && (c.args as { zone: number }).zone === zone);
    const read = (zone: number, lang: 'en' | 'es'): string => {
      const c = airlock(zone);
      if (!c) throw new Error(`no airlock for zone ${zone}`);
      return lineText(lang, lifeformGame.labelCommand?.(s, c, 0) as never, naming);
    };
    expect(read(zones, 'en')).toBe(`Activate the airlock on zone ${zones + 1}`);
    expect(read(zones, 'es')).toBe(`Activar la esclusa en la zona ${zones + 1}`);
    const first = vf.solo?.solo.conflict.zones[0];
    expect(read(0, 'en')).toBe(`Activate the airlock on ${first?.en} (zone 1)`);
    expect(read(0, 'es')).toBe(`Activar la esclusa en ${first?.es} (zona 1)`);
    for (const c of legalOf(s).filter((x) => (x.args as { zone?: number }).zone === zones)) {
      for (const lang of ['en', 'es'] as const) expect(lineText(lang, lifeformGame.labelCommand?.(s, c, 0) as never, naming)).not.toMatch(/(zone|zona) \d+ \((zone|zona) \d+/);
    }
  });

  it('§SHUTTLE CONFLICT hibernation step 5 and §MOD C (a kept card joins the hand and counts toward its limit), rules 4: GIVEN a kept crisis card in the hand at the launch WHEN the conflict begins THEN it stays in the hand and counts toward the hand limit of 7; it matches no fight icon (it has no showdown icon); discarded, it leaves the game (not into the crew deck or its discard pile); under rules 3 it left the hand as before', () => {
    const kept = 'crisis-c-second-wind.1';
    const arranged = (rulesVersion?: string) => {
      const fresh = rulesVersion === undefined ? null : lifeformGame.setup({ lifeform: 0, evolution: false, mods: ['search'], mode: 'solo' }, [{ index: 0, name: 'p0' }], createRng(seedRng(5)), vf, rulesVersion);
      const base = fresh === null ? searchStarted(5) : play(fresh, 'soloPick', { character: (fresh.offers['0'] as string[])[0] }).state;
      return change(readyToLaunch(base, ['danger'], rooms.slice(0, 4)), (d) => {
        d.hands['0'] = [...d.crewDeck.splice(0, 6), kept];
      });
    };
    const s = play(arranged(), 'launch').state;
    const c = s.solo?.conflict;
    if (!c) throw new Error('no conflict');
    expect(c.hand).toContain(kept);
    expect(s.hands['0']).toContain(kept);
    expect(c.hand.length).toBeGreaterThan(7);
    expect(c.mustDiscard).toBe(c.hand.length - 7);
    expect(legalOf(s)).toContainEqual({ type: 'conflictDiscard', args: { card: kept } });
    expect(lifeformGame.labelCommand?.(s, { type: 'conflictDiscard', args: { card: kept } }, 0).params).toMatchObject({ cardKey: 'solo.solo.crisis.crisis-c-second-wind.name' });
    // No showdown icon: a payment naming it is refused, by the card's own name.
    const ready = change(s, (_d, so) => ((so.conflict as NonNullable<typeof so.conflict>).mustDiscard = 0));
    const paid = lifeformGame.decide(ready, { type: 'conflictAttack', args: { zone: 0, pay: { cards: [kept] } } }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: createRng(seedRng(1)), asHost: false, pack: vf });
    expect(paid).toMatchObject({ ok: false, error: { code: 'lifeform-conflict.pay.noIcons', params: { cardKey: 'solo.solo.crisis.crisis-c-second-wind.name' } } });
    expect(legalOf(ready).some((x) => x.type === 'conflictAttack' && ((x.args as { pay: { cards?: string[] } }).pay.cards ?? []).includes(kept))).toBe(false);
    const before = conflictCounts(c);
    const out = play(s, 'conflictDiscard', { card: kept }).state;
    expect(out.hands['0']).not.toContain(kept);
    expect([...out.crewDeck, ...out.crewDiscard]).not.toContain(kept);
    const after = out.solo?.conflict;
    if (!after) throw new Error('no conflict');
    expect(after.hand).not.toContain(kept);
    expect(conflictCounts(after)).toEqual(before);
    // Rules 3 games replay as they were played: the kept card left the hand at the launch.
    const old = play(arranged('3'), 'launch').state;
    expect(old.solo?.conflict?.hand).not.toContain(kept);
    expect(old.hands['0']).not.toContain(kept);
  });

  it('§HUNT THE LIFEFORM: GIVEN a hunt WHEN the guess is right THEN the normal conflict; WHEN wrong THEN the extra zone plus one random combat token per card set beside the Remora', () => {
    const hunt = play(launched(['cockpit', 'airlock']), 'hunt');
    const hidden = searchOf(hunt.state).hidden as string;
    expect(searchOf(hunt.state).cards).toContain(hidden);
    expect(topOf(hunt.state)).toBe('guess');
    expect(legalOf(hunt.state).map((c) => (c.args as { room: string }).room)).toEqual(searchOf(hunt.state).cards);
    const right = play(hunt.state, 'guess', { room: hidden }).state;
    expect(right.solo?.conflict?.zones).toHaveLength(zones);
    expect(lifeformGame.publicView(right)).toMatchObject({ solo: { search: { guess: hidden, hidden } } });
    const wrongRoom = (searchOf(hunt.state).cards ?? []).find((r) => r !== hidden) as string;
    const wrong = play(hunt.state, 'guess', { room: wrongRoom });
    const extra = wrong.state.solo?.conflict?.zones.at(-1) ?? [];
    expect(extra).toHaveLength(1 + 2);
    expect(extra.filter((x) => x.kind === 'remora' && !x.printed)).toHaveLength(2);
    expect(wrong.events.some((e) => e.code === 'lifeform-solo.search.missed' && e.params?.hiddenKey === `location.${hidden}.name`)).toBe(true);
  });

  it('§HUNT (hidden information): GIVEN the face-down card WHEN anything public is built before the guess THEN it is the same whichever card lies face down (view, picture input, buttons, labels, alt text, status, the hunt\'s events)', () => {
    const hunt = play(launched(['cockpit', 'airlock']), 'hunt');
    const hidden = searchOf(hunt.state).hidden as string;
    for (const e of hunt.events) expect(JSON.stringify(e)).not.toContain(hidden);
    const cards = searchOf(hunt.state).cards ?? [];
    const publicOf = (s: LifeformState): string =>
      canonicalJson({
        view: lifeformGame.publicView(s),
        seat: lifeformGame.viewFor(s, 0),
        secrets: lifeformGame.secretsFor?.(s, 0) ?? null,
        prompts: lifeformGame.prompts?.(s) ?? null,
        legal: lifeformGame.legalCommands(s, 0),
        labels: lifeformGame.legalCommands(s, 0).map((c) => lifeformGame.labelCommand?.(s, c, 0) ?? null),
        alt: lifeformGame.describeView?.(lifeformGame.publicView(s)) ?? null,
        status: lifeformGame.status(s),
        awaiting: lifeformGame.awaiting(s),
      } as never);
    const seen = new Set(cards.map((c) => publicOf(guessing(c))));
    expect(seen.size).toBe(1);
    expect([...seen][0]).not.toContain('"hidden":"');
  });

  it('§NEW POST-LAUNCH SHUTTLECRAFT PHASE (hidden lifeform combat zone): GIVEN a survival token in the active zone WHEN its attack icons are matched THEN a conflict chit is drawn first: killed loses, still-alive goes on to the match', () => {
    const extraZone = { icons: ['claw', 'acid'] as const, tokens: [], survival: true };
    const harpoons = { supply: { survival: 0, fireExtinguisher: 0, weldingTorch: 0, harpoon: 4 } };
    const alive = started({ ...harpoons, extraZone: { ...extraZone, icons: [...extraZone.icons] }, container: { alive: 3, killed: 0 } });
    const zone = alive.zones.length - 1;
    expect(alive.extra).toEqual({ zone, survival: true });
    const before = conflictCounts(alive);
    const r = ok(applyConflict(alive, conflictCommand.attack(zone, { harpoons: 2 }), rngOf(2)));
    expect(r.events.map((e) => e.code)).toEqual(expect.arrayContaining(['lifeform-conflict.event.zoneSurvival', 'lifeform-conflict.event.chit']));
    expect(r.state.zones[zone]).toEqual([]);
    expect(r.state.extra?.survival).toBe(false);
    expect(conflictCounts(r.state)).toEqual(before);
    const killed = started({ ...harpoons, extraZone: { ...extraZone, icons: [...extraZone.icons] }, container: { alive: 0, killed: 1 } });
    const lost = ok(applyConflict(killed, conflictCommand.attack(killed.zones.length - 1, { harpoons: 2 }), rngOf(2)));
    expect(lost.state.outcome).toEqual({ result: 'lost', reason: 'zoneKilled' });
    // Without a survival token, no chit.
    const plain = started({ ...harpoons, extraZone: { ...extraZone, icons: [...extraZone.icons], survival: false }, container: { alive: 0, killed: 1 } });
    expect(ok(applyConflict(plain, conflictCommand.attack(plain.zones.length - 1, { harpoons: 2 }), rngOf(2))).state.outcome).toEqual({ result: 'won', reason: 'cleared' });
  });

  it('issue 20 §The picture (Mod C): GIVEN a solo game with mods=search WHEN drawn from its public view THEN the Remora is drawn as a board (its five rooms, a tick and a note where a token lies), the docking clamps and life support tracks with their bonus zones, and the hunt\'s card only once guessed, legible at 550 px in both languages', async () => {
    const board = change(searchStarted(5), (_d, _so, st) => Object.assign(st, { chambers: ['cockpit', 'cargo-hold'], clamps: 2, lifeSupport: 1, halon: 0, survival: true }));
    const hunt = play(launched(['cockpit', 'airlock']), 'hunt').state;
    const hidden = searchOf(hunt).hidden as string;
    const wrongRoom = (searchOf(hunt).cards ?? []).find((r) => r !== hidden) as string;
    const after = play(hunt, 'guess', { room: wrongRoom }).state;
    for (const lang of ['en', 'es']) {
      const name = (id: string): string => packText(vf, `location.${id}.name`, lang) as string;
      const m = await measure(() => renderLifeform(lifeformGame.publicView(board) as never, vf, lang, ui), WIDTH);
      expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
      expect(m.truncated).toEqual([]);
      expect(m.overflows).toEqual([]);
      expect(m.overlaps).toEqual([]);
      const drawn = m.texts.map((x) => x.text.replace(/\n/g, ' ')).join('\n');
      expect(drawn).toContain(ui('lifeform-solo.render.remora', lang, { n: 2, of: 5 }));
      for (const id of rooms) expect(m.texts.filter((x) => x.text.replace(/\n/g, ' ') === name(id)), id).toHaveLength(1);
      expect(m.texts.filter((x) => x.text === ui('lifeform-solo.render.board.cleared', lang))).toHaveLength(2);
      for (const code of ['clamps', 'lifeSupport']) expect(drawn).toContain(ui(`lifeform-solo.render.board.${code}`, lang));
      for (const [n, bonus] of [[1, 'mission'], [2, 'halon'], [3, 'halon']] as const) expect(drawn).toContain(ui('lifeform-solo.render.board.lifeSpace', lang, { n, bonus: ui(`lifeform-solo.render.board.bonus.${bonus}`, lang) }));
      const clamps = m.texts.find((x) => x.text === ui('lifeform-solo.render.board.clamps', lang))?.rect.y ?? -1;
      const slots = m.texts.filter((x) => /^\d$/.test(x.text) && x.rect.y > clamps && x.rect.y < clamps + 80);
      expect(slots.map((x) => x.text), 'the docking clamps track').toEqual(['1', '2', '3']);
      expect(drawn).toContain(ui('lifeform-solo.render.remoraTracks', lang, { clamps: 2, of: 3, life: 1, zones: 3, halon: 0, manual: 0 }));
      expect(drawn).toContain(ui('lifeform-solo.render.remoraSurvival', lang)?.trim());
      const early = await measure(() => renderLifeform(lifeformGame.publicView(hunt) as never, vf, lang, ui), WIDTH);
      expect([...early.truncated, ...early.overflows, ...early.overlaps]).toEqual([]);
      const face = early.texts.map((x) => x.text).join('\n');
      expect(face, 'the face-down card stays off the board before the guess').not.toContain(ui('lifeform-solo.render.board.hidden', lang));
      expect(face).toContain(ui('lifeform-solo.render.remoraHunting', lang));
      const late = await measure(() => renderLifeform(lifeformGame.publicView(after) as never, vf, lang, ui), WIDTH);
      expect([...late.truncated, ...late.overflows, ...late.overlaps]).toEqual([]);
      const text = late.texts.map((x) => x.text.replace(/\n/g, ' ')).join('\n');
      for (const code of ['guessed', 'hidden']) expect(late.texts.filter((x) => x.text === ui(`lifeform-solo.render.board.${code}`, lang)), code).toHaveLength(1);
      // The board names both rooms; no line under it repeats them (the alt text says it in words).
      expect(text).not.toContain(ui('lifeform-solo.render.remoraHunting', lang));
      const cardsLine = ui('lifeform-solo.render.remoraCards', lang, { cards: '' }) as string;
      expect(text.split('\n').filter((l) => !l.startsWith(cardsLine) && l.includes(name(wrongRoom)) && l.includes(name(hidden)))).toEqual([]);
      expect(lifeformGame.describeView?.(lifeformGame.publicView(after))).toContainEqual({ code: 'lifeform-solo.alt.remoraHunt', params: { guessKey: `location.${wrongRoom}.name`, hiddenKey: `location.${hidden}.name` } });
      expect(lifeformGame.describeView?.(lifeformGame.publicView(hunt))).toContainEqual({ code: 'lifeform-solo.alt.remoraHunting' });
    }
  });
});

describe('13th Passenger MOD C, the shuttlecraft phase played out', () => {
  it('§NEW POST-LAUNCH SHUTTLECRAFT PHASE (property): GIVEN launches with one to three rooms cleared WHEN CONFRONT or HUNT and any guess are chosen and the conflict is played with legal commands THEN it ends in a conflict win or loss, every card, token and chit of the conflict is kept, and the hidden card is public exactly after the guess', () => {
    for (let seed = 1; seed <= 24; seed++) {
      let s = launched(rooms.slice(0, 1 + (seed % 3)), seed);
      const cards = searchOf(s).cards ?? [];
      expect(cards).toHaveLength(4 - (seed % 3));
      s = play(s, seed % 2 === 0 ? 'confront' : 'hunt', {}, seed).state;
      if (topOf(s) === 'guess') {
        expect(JSON.stringify(lifeformGame.publicView(s))).not.toContain('"hidden":"');
        s = play(s, 'guess', { room: cards[seed % cards.length] }, seed).state;
        expect(lifeformGame.publicView(s)).toMatchObject({ solo: { search: { hidden: searchOf(s).hidden } } });
      }
      const counts = conflictCounts(s.solo?.conflict as NonNullable<NonNullable<LifeformState['solo']>['conflict']>);
      for (let i = 0; i < 200 && !s.outcome; i++) {
        const legal = legalOf(s);
        const c = legal[(seed * 31 + i * 7) % legal.length];
        if (!c) break;
        s = play(s, c.type, c.args as Record<string, unknown>, seed * 100 + i).state;
        if (s.solo?.conflict) expect(conflictCounts(s.solo.conflict)).toEqual(counts);
      }
      expect(s.outcome?.reason).toBe('conflict');
    }
  });
});
