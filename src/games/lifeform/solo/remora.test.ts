import { describe, expect, it } from 'vitest';
import { createRng, seedRng } from '../../../core/index.ts';
import { lifeformGame } from '../index.ts';
import type { LifeformState } from '../state.ts';
import { change, facing, legalOf, play, searchOf, searchStarted, topOf, vf } from './search.test-helper.ts';

/** A crew card instance of the shipped deck showing this icon on a row (test-only). */
const cardWith = (icon: string): string => `${vf.crew.find((c) => c.special === null && c.rows.some((r) => (r as readonly string[]).includes(icon)))?.id}.1`;
const modCards = (vf.solo?.solo.crisis ?? []).filter((c) => c.mod === 'search');

/** At the player's activity with an empty hand and no survival token, so no advance asks to be reduced (test-only). */
const calm = (s: LifeformState): LifeformState =>
  change(s, (d, so) => {
    d.hands['0'] = [];
    so.tokens.survival = 0;
  });

describe('13th Passenger MOD C: SOLO CRISIS AND SEARCH (rules summary lines 2224–2262), the starship stage', () => {
  it('§MOD C – INITIALIZING THE SHUTTLE: GIVEN mode=solo mods=search WHEN set up THEN the nine new crisis cards are shuffled into the C deck, the docking clamps and life support tokens are on their start spaces and no Remora chamber holds a token', () => {
    expect(modCards).toHaveLength(9);
    const s = searchStarted(5);
    const deckC = s.solo?.crisisDecks.c ?? [];
    const baseC = (vf.solo?.solo.crisis ?? []).filter((c) => c.deck === 'c' && c.mod === undefined).length;
    expect(deckC).toHaveLength(baseC + 9);
    for (const c of modCards) expect(deckC).toContain(c.id);
    expect(searchOf(s)).toMatchObject({ chambers: [], clamps: 0, lifeSupport: 0, halon: 0, manual: 0, survival: false, cards: null, hidden: null });
    expect(s.solo?.def.remora?.chambers).toEqual((vf.expansions?.passenger?.shuttlecraft?.locations ?? []).map((l) => l.id));
    // Without the mod: the C deck as before, no Remora board state.
    const plain = lifeformGame.setup({ lifeform: 0, evolution: false, mods: [], mode: 'solo' }, [{ index: 0, name: 'p0' }], createRng(seedRng(5)), vf, lifeformGame.rulesVersion);
    expect(plain.solo?.crisisDecks.c).toHaveLength(baseC);
    expect(plain.solo?.search).toBeUndefined();
  });

  it('§MOD C ("When playing the solo game mode"): GIVEN mods=search WHEN started without mode=solo, or with a pack lacking the Remora board THEN refused with a reason', () => {
    expect(lifeformGame.startRefusal?.({ mods: 'search' }, [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], vf)).toEqual({ code: 'lifeform.options.searchSolo' });
    const bare = { ...vf, solo: vf.solo ? { solo: { ...vf.solo.solo, remora: undefined } } : undefined } as typeof vf;
    expect(lifeformGame.startRefusal?.({ mode: 'solo', mods: 'search' }, [{ index: 0, name: 'a' }], bare)).toEqual({ code: 'lifeform.options.noSearch' });
    expect(lifeformGame.startRefusal?.({ mode: 'solo', mods: 'search' }, [{ index: 0, name: 'a' }], vf)).toBeNull();
  });

  it('§CRISIS CARDS: GIVEN a Mod C crisis card WHEN an option is resolved THEN a token goes on the named Remora chamber (removing it as a hiding place), and a survival token may be left in the hidden-lifeform combat zone', () => {
    const s = facing(calm(searchStarted(5)), 'crisis-c-reactor-tap');
    const after = play(s, 'crisis', { option: 1 }).state;
    expect(searchOf(after).chambers).toEqual(['engineering-compartment']);
    expect(searchOf(after).survival).toBe(true);
    expect(after.solo?.tokens.survival).toBe(0);
  });

  it('§INITIALIZING THE LIFE SUPPORT SYSTEMS: GIVEN a chamber that already holds a token WHEN a card places another THEN life support advances one space instead; the first zone gives a spare mission token (onto a loadout column), the next ones halon gas tokens', () => {
    let s = change(calm(searchStarted(5)), (_d, _so, st) => (st.chambers = ['cockpit']));
    const before = { ...s.loadout };
    s = play(facing(s, 'crisis-c-cockpit-handshake'), 'crisis', { option: 1 }).state;
    expect(searchOf(s).chambers).toEqual(['cockpit']);
    expect(searchOf(s).lifeSupport).toBe(1);
    // The lifeform's step may wait at a fork first; the spare token's column is asked once the card is done.
    while (topOf(s) === 'path' || topOf(s) === 'reduce') s = play(s, legalOf(s)[0]?.type as string, legalOf(s)[0]?.args as Record<string, unknown>).state;
    expect(topOf(s)).toBe('spare');
    expect(legalOf(s).map((c) => c.type)).toEqual(expect.arrayContaining(['spare']));
    s = play(s, 'spare', { column: 'spacesuits' }).state;
    expect(s.loadout.spacesuits).toBe((before.spacesuits ?? 0) + 1);
    s = play(facing(s, 'crisis-c-bay-override'), 'crisis', { option: 1 }).state;
    expect(searchOf(s)).toMatchObject({ lifeSupport: 2, halon: 1 });
  });

  it('§UNLOCKING THE DOCKING CLAMPS: GIVEN the clamps track WHEN three cards unlock a clamp THEN the umbilicus objective is gained; gained another way THEN the track shows its end and further clamps do nothing', () => {
    let s = change(calm(searchStarted(5)), (d) => {
      d.hands['0'] = [cardWith('circuit'), cardWith('explore')];
    });
    s = play(facing(s, 'crisis-c-cockpit-handshake'), 'crisis', { option: 0 }).state;
    s = play(s, 'pay', { card: cardWith('circuit') }).state;
    expect(searchOf(s).clamps).toBe(1);
    s = play(facing(s, 'crisis-c-airlock-cycle'), 'crisis', { option: 0 }).state;
    s = play(s, 'pay', { card: cardWith('explore') }).state;
    expect(searchOf(s).clamps).toBe(2);
    expect(s.solo?.objectives.umbilicus).toBe(false);
    s = change(s, (d) => (d.hands['0'] = [cardWith('circuit')]));
    s = play(facing(s, 'crisis-c-engine-bleed'), 'crisis', { option: 0 }).state;
    s = play(s, 'pay', { card: cardWith('circuit') }).state;
    expect(searchOf(s).clamps).toBe(3);
    expect(s.solo?.objectives.umbilicus).toBe(true);
    // Gained some other way: the public track is at its end and no longer moves.
    const other = change(calm(searchStarted(6)), (_d, so) => (so.objectives.umbilicus = true));
    expect(lifeformGame.publicView(other)).toMatchObject({ solo: { search: { clamps: 3, clampSpaces: 3 } } });
    const still = play(change(facing(other, 'crisis-c-airlock-cycle'), (d) => (d.hands['0'] = [cardWith('explore')])), 'crisis', { option: 0 });
    expect(searchOf(play(still.state, 'pay', { card: cardWith('explore') }).state).clamps).toBe(0);
  });

  it('§MOD C (kept cards, RENEWED STAMINA): GIVEN a card that can be kept WHEN its criteria are paid THEN it joins the hand (counted against the hand limit), plays its icon as a crew card (RENEWED STAMINA runs into a dark chamber a RUN! may not enter), and once spent leaves the game', () => {
    let s = change(calm(searchStarted(5)), (d) => (d.hands['0'] = [cardWith('move')]));
    s = play(facing(s, 'crisis-c-second-wind'), 'crisis', { option: 0 }).state;
    s = play(s, 'pay', { card: cardWith('move') }).state;
    expect(s.hands['0']).toEqual(['crisis-c-second-wind.1']);
    expect(lifeformGame.secretsFor?.(s, 0)?.map((e) => e.params?.cardKey)).toEqual(['solo.solo.crisis.crisis-c-second-wind.name']);
    expect(topOf(s)).toBe('activity');
    const galley = s.characters[0]?.at;
    expect(galley).toBe('galley');
    expect(s.outages).toContain('observation');
    const playCard = legalOf(s).find((c) => c.type === 'play' && (c.args as { card: string }).card === 'crisis-c-second-wind.1');
    expect(playCard).toBeDefined();
    s = play(s, 'play', { card: 'crisis-c-second-wind.1', row: 0 }).state;
    expect(legalOf(s)).toContainEqual({ type: 'act', args: { i: 0, to: ['observation'] } });
    s = play(s, 'act', { i: 0, to: ['observation'] }).state;
    expect(s.characters[0]?.at).toBe('observation');
    expect([...(s.hands['0'] ?? []), ...s.crewDeck, ...s.crewDiscard]).not.toContain('crisis-c-second-wind.1');
    // Counted against the hand limit, and discardable as any card.
    const full = change(calm(searchStarted(5)), (d) => (d.hands['0'] = d.crewDeck.filter((c) => !c.startsWith(cardWith('run').slice(0, -1))).slice(0, 7)));
    const over = play(change(facing(full, 'crisis-c-ration-locker'), (d) => d.hands['0']?.push(cardWith('run'))), 'crisis', { option: 0 });
    const paid = play(over.state, 'pay', { card: cardWith('run') }).state;
    expect(paid.hands['0']).toContain('crisis-c-ration-locker.1');
    expect(topOf(paid)).toBe('discard');
    expect(legalOf(paid)).toContainEqual({ type: 'discard', args: { card: 'crisis-c-ration-locker.1' } });
  });

  it('§PROXIMITY ALERT! step 1 (a RUN! reaction) with §MOD C (a kept card plays its icon as an action card): GIVEN a kept RENEWED STAMINA card (a RUN! action, no lightning bolt) and a crew card with a RUN! action row WHEN a proximity conflict asks for a way out THEN neither is offered nor accepted as a reaction; a RUN! reaction card is, and drives the lifeform back two', () => {
    const kept = 'crisis-c-second-wind.1';
    const runRow = `${vf.crew.find((c) => c.reaction === null && c.special === null && c.rows.some((r) => (r as readonly string[]).includes('run')) && !c.showdown.includes('harpoon'))?.id}.1`;
    const runReaction = `${vf.crew.find((c) => c.reaction === 'run')?.id}.1`;
    const alert = (hand: string[]): LifeformState =>
      change(calm(searchStarted(5)), (d, so) => {
        d.hands['0'] = hand;
        so.stack = [{ k: 'endRound' }, { k: 'proximity', surplus: 0 }];
        so.motion = Object.keys(so.def.motion).find((k) => so.def.motion[k]?.effect === 'alert') as string;
        so.container = { alive: 5, killed: 0 };
      });
    const s = alert([kept, runRow]);
    expect(legalOf(s).filter((c) => c.type === 'proximity')).toEqual([]);
    for (const card of [kept, runRow]) {
      const r = lifeformGame.decide(s, { type: 'proximity', args: { card } }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: createRng(seedRng(1)), asHost: false, pack: vf });
      expect(r.ok, card).toBe(false);
    }
    const withReaction = alert([kept, runRow, runReaction]);
    expect(legalOf(withReaction).filter((c) => c.type === 'proximity')).toEqual([{ type: 'proximity', args: { card: runReaction } }]);
    const motion = withReaction.solo?.motion;
    const after = play(withReaction, 'proximity', { card: runReaction }).state;
    expect(after.solo?.motion).not.toBe(motion);
    expect(after.hands['0']).toEqual(expect.arrayContaining([kept, runRow]));
    expect(after.crewDiscard).toContain(runReaction);
  });

  it('§MANUALLY UNLOCKING A DOCKING CLAMP: GIVEN the Shuttle Bay with the cat and the xeno data gained but not the umbilicus WHEN unlocking by hand THEN the clamp moves one space, the self-destruct tracker three minutes and the lifeform one space closer; not elsewhere, not without the two objectives, at most three times', () => {
    const at = (s: LifeformState, chamber: string): LifeformState => change(s, (d) => (d.characters[0] = { ...(d.characters[0] as (typeof d.characters)[number]), at: chamber }));
    const base = change(calm(searchStarted(5)), (_d, so) => Object.assign(so.objectives, { cat: true, data: true }));
    expect(legalOf(at(base, 'stores')).some((c) => c.type === 'unclamp')).toBe(false);
    expect(legalOf(at(change(base, (_d, so) => (so.objectives.cat = false)), 'shuttle-bay')).some((c) => c.type === 'unclamp')).toBe(false);
    let s = at(base, 'shuttle-bay');
    expect(legalOf(s)).toContainEqual({ type: 'unclamp', args: {} });
    const sd = s.sd;
    const motion = s.solo?.motion;
    s = play(s, 'unclamp').state;
    expect(searchOf(s)).toMatchObject({ clamps: 1, manual: 1 });
    expect(s.sd).toBe(sd + 3);
    expect(s.solo?.motion !== motion || topOf(s) === 'path').toBe(true);
    s = change(s, (d, so, st) => {
      so.stack = [{ k: 'activity' }];
      st.manual = 3;
      st.clamps = 2;
      d.sd = sd;
    });
    expect(legalOf(s).some((c) => c.type === 'unclamp')).toBe(false);
    s = change(s, (_d, _so, st) => (st.manual = 2));
    const third = play(s, 'unclamp').state;
    expect(third.solo?.objectives.umbilicus).toBe(true);
    expect(searchOf(third).clamps).toBe(3);
  });
});
