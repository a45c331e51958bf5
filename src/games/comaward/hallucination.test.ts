import { describe, expect, it } from 'vitest';
import { comaWardGame } from './index.ts';
import { createRng, seedRng } from '../../core/index.ts';
import { act, at, codes, edit, newGame, pack, seats, tryAct } from './fixture.test-helper.ts';
import { setupGame } from './rules.ts';
import type { CwState } from './state.ts';

/** Seat 0 reveals the chapel and fails the Focus check: the given hallucination card is drawn. */
function hallucinating(card: string, n = 3): CwState {
  let s = edit(newGame(n), (d) => {
    d.decks.rooms = ['chapel', ...d.decks.rooms.filter((r) => r !== 'chapel')];
    d.decks.hallucinations = [card, ...d.decks.hallucinations.filter((h) => h !== card)];
  });
  s = act(s, 'move', { to: at('floor2', 6, 0) }).state;
  return act(s, 'reveal', {}, { dice: [1, 1, 2, 3] }).state;
}

describe('§Hallucination Cards and the Narrator', () => {
  it('§Revealing New Rooms and §Hallucination Cards: GIVEN 0–2 successes on the Focus check WHEN resolved THEN a hallucination is drawn and the player to the active player\'s left is the Narrator, who alone gets the whole card', () => {
    let s = edit(newGame(3), (d) => {
      d.decks.rooms = ['chapel', ...d.decks.rooms.filter((r) => r !== 'chapel')];
      d.decks.hallucinations = ['crying-child/b', ...d.decks.hallucinations.filter((h) => h !== 'crying-child/b')];
    });
    s = act(s, 'move', { to: at('floor2', 6, 0) }).state;
    const r = act(s, 'reveal', {}, { dice: [1, 1, 2, 3] });
    expect(r.state.pending).toMatchObject({ kind: 'narrateSituation', seat: 1, subject: 0 });
    const secret = r.events.filter((e) => e.to === 1);
    expect(secret.map((e) => e.params?.['textKey'])).toEqual([
      'hallucination.crying-child.situation',
      'hallucination.crying-child.version.b.results.comfort.text',
      'hallucination.crying-child.version.b.results.ignore.text',
    ]);
    const pub = JSON.stringify([r.events.filter((e) => e.to === 'public'), comaWardGame.publicView(r.state), comaWardGame.viewFor(r.state, 0), comaWardGame.viewFor(r.state, 2)]);
    expect(pub).not.toContain('results');
    expect(pub).not.toContain('crying-child');
    expect(JSON.stringify(comaWardGame.viewFor(r.state, 1))).toContain('"version":"b"');
    expect(comaWardGame.secretsFor(r.state, 1).map((e) => e.params?.['textKey'])).toContain('hallucination.crying-child.version.b.results.ignore.text');
  });

  it('§Hallucination Cards: GIVEN the Narrator\'s card WHEN they read the situation with a line of their own THEN the table gets the situation and the option titles, the active player chooses, and only then the chosen result is read and resolves at once', () => {
    let s = hallucinating('crying-child/b');
    expect(tryAct(s, 'narrate', {}, { seat: 0 })).toMatchObject({ ok: false, error: { code: 'comaward.prompt.notYours' } });
    let r = act(s, 'narrate', { line: 'The curtain moves.' }, { seat: 1 });
    expect(codes(r.events)).toEqual(['comaward.hallucination.situation', 'comaward.narrator.line', 'comaward.hallucination.option', 'comaward.hallucination.option']);
    expect(r.events.map((e) => e.params?.['optionKey']).filter(Boolean)).toEqual(['hallucination.crying-child.option.comfort.title', 'hallucination.crying-child.option.ignore.title']);
    expect(JSON.stringify(r.events)).not.toContain('results');
    s = r.state;
    expect(s.pending).toMatchObject({ kind: 'hallucinationChoice', seat: 0 });
    expect(comaWardGame.legalCommands(s, 0).map((c) => c.args)).toEqual([{ option: 'comfort' }, { option: 'ignore' }]);
    s = act(s, 'choose', { option: 'ignore' }, { seat: 0 }).state;
    expect(s.pending).toMatchObject({ kind: 'narrateResult', seat: 1, option: 'ignore' });
    r = act(s, 'narrate', {}, { seat: 1 });
    expect(r.events[0]).toMatchObject({ code: 'comaward.hallucination.result', to: 'public', params: { textKey: 'hallucination.crying-child.version.b.results.ignore.text' } });
    expect(codes(r.events)).toContain('comaward.items.drawn');
    expect(r.state.players[0]?.items.length).toBe(1);
    expect(r.state.discards.hallucinations).toContain('crying-child/b');
  });

  it('§Hallucination Cards (issue 16: a narrator who is away): GIVEN the narrator does not answer WHEN the deadline passes THEN the timeout action lets the bot read, and the game goes on', () => {
    let s = hallucinating('crying-child/a');
    const timeout = comaWardGame.timeoutAction?.(s, 1);
    expect(timeout).toEqual({ type: 'botRead', args: {} });
    const r = act(s, 'botRead', {}, { seat: 1 });
    expect(codes(r.events)[0]).toBe('comaward.hallucination.situationByBot');
    s = act(r.state, 'choose', { option: 'comfort' }, { seat: 0 }).state;
    expect(comaWardGame.timeoutAction?.(s, 0)).toBeNull();
    expect(tryAct(s, 'narrate', {}, { seat: null })).toMatchObject({ ok: false, error: { code: 'comaward.command.notYours' } });
    expect(tryAct(s, 'botRead', {}, { seat: 2 })).toMatchObject({ ok: false, error: { code: 'comaward.prompt.notYours' } });
    const done = act(s, 'botRead', {}, { seat: null });
    expect(codes(done.events)[0]).toBe('comaward.hallucination.resultByBot');
    expect(done.state.players[0]?.terror).toBe(1);
  });

  it('§Hallucination Cards: GIVEN a situation with one option WHEN the situation is read THEN there is nothing to choose and the narrator reads the result next', () => {
    const s = act(hallucinating('the-voice/b'), 'narrate', {}, { seat: 1 }).state;
    expect(s.pending).toMatchObject({ kind: 'narrateResult', seat: 1, option: 'listen' });
  });

  it('§Hallucination Cards: GIVEN the two versions of a situation WHEN read THEN the same titles lead to different results (memorising the deck does not help), and the chapel\'s "end your move here" and "the first time" follow the hallucination', () => {
    const a = act(act(hallucinating('crying-child/a'), 'narrate', {}, { seat: 1 }).state, 'choose', { option: 'comfort' }, { seat: 0 }).state;
    const b = act(act(hallucinating('crying-child/b'), 'narrate', {}, { seat: 1 }).state, 'choose', { option: 'comfort' }, { seat: 0 }).state;
    const ra = act(a, 'narrate', {}, { seat: 1 });
    const rb = act(b, 'narrate', {}, { seat: 1 });
    expect(ra.state.players[0]).toMatchObject({ terror: 1, health: 5 });
    expect(codes(rb.events)).toContain('comaward.stat.health');
    expect(rb.state.players[0]).toMatchObject({ terror: 2, health: 5 });
    expect(ra.events[0]?.params?.['textKey']).not.toBe(rb.events[0]?.params?.['textKey']);
  });

  it('§Hallucination Cards: GIVEN a two-player game WHEN seat 1 hallucinates THEN seat 0 (to their left, round the table) narrates', () => {
    let s = edit(newGame(2), (d) => {
      d.active = 1;
      d.decks.rooms = ['chapel', ...d.decks.rooms.filter((r) => r !== 'chapel')];
    });
    s = act(s, 'move', { to: at('floor2', 6, 0) }).state;
    s = act(s, 'reveal', {}, { dice: [1, 1, 2, 3] }).state;
    expect(s.pending).toMatchObject({ kind: 'narrateSituation', seat: 0, subject: 1 });
  });
  it('§Hallucination Cards and Glossary "Eliminate": GIVEN the player to the active player\'s left is eliminated WHEN a hallucination is drawn THEN the next living player to the left narrates, and only they get the card', () => {
    let s = edit(newGame(4), (d) => {
      d.players[1]!.alive = false;
      d.players[1]!.health = 0;
      d.players[1]!.at = null;
      d.decks.rooms = ['chapel', ...d.decks.rooms.filter((r) => r !== 'chapel')];
      d.decks.hallucinations = ['crying-child/b', ...d.decks.hallucinations.filter((h) => h !== 'crying-child/b')];
    });
    s = act(s, 'move', { to: at('floor2', 6, 0) }).state;
    const r = act(s, 'reveal', {}, { dice: [1, 1, 2, 3] });
    expect(r.state.pending).toMatchObject({ kind: 'narrateSituation', seat: 2, subject: 0 });
    expect(r.events.filter((e) => e.to === 1)).toEqual([]);
    expect(r.events.filter((e) => e.to === 2).length).toBe(3);
    expect(r.events.find((e) => e.code === 'comaward.hallucination.drawn')?.params).toMatchObject({ seat: 0, narratorSeat: 2 });
  });

  it('§Hallucination Cards and §Entity Cards: GIVEN the player to the left is eliminated and holds an Entity card WHEN a hallucination is drawn THEN they still do not narrate (an entity gives influence, not a reading); the next living player does, round the table', () => {
    let s = edit(newGame(3), (d) => {
      d.active = 1;
      d.players[2]!.alive = false;
      d.players[2]!.health = 0;
      d.players[2]!.at = null;
      d.players[2]!.entity = { id: 'cold-draft', uses: 1 };
      d.decks.rooms = ['chapel', ...d.decks.rooms.filter((r) => r !== 'chapel')];
    });
    s = act(s, 'move', { to: at('floor2', 6, 0) }).state;
    s = act(s, 'reveal', {}, { dice: [1, 1, 2, 3] }).state;
    expect(s.pending).toMatchObject({ kind: 'narrateSituation', seat: 0, subject: 1 });
    expect(comaWardGame.awaiting(s)).not.toContain(2);
  });

  it('§Hallucination Cards: GIVEN every other player is eliminated WHEN a hallucination is drawn THEN the bot reads it (the active player never gets the results before choosing) and the result follows the choice at once', () => {
    let s = edit(newGame(3), (d) => {
      for (const i of [1, 2]) {
        d.players[i]!.alive = false;
        d.players[i]!.health = 0;
        d.players[i]!.at = null;
      }
      d.decks.rooms = ['chapel', ...d.decks.rooms.filter((r) => r !== 'chapel')];
      d.decks.hallucinations = ['crying-child/a', ...d.decks.hallucinations.filter((h) => h !== 'crying-child/a')];
    });
    s = act(s, 'move', { to: at('floor2', 6, 0) }).state;
    const r = act(s, 'reveal', {}, { dice: [1, 1, 2, 3] });
    expect(codes(r.events)).toEqual(expect.arrayContaining(['comaward.hallucination.drawnNoNarrator', 'comaward.hallucination.situationAlone']));
    expect(r.events.filter((e) => e.to !== 'public').map((e) => String(e.params?.['textKey']))).not.toContainEqual(expect.stringContaining('results'));
    expect(JSON.stringify(comaWardGame.viewFor(r.state, 0))).not.toContain('results');
    expect(r.state.pending).toMatchObject({ kind: 'hallucinationChoice', seat: 0, narrator: 0 });
    const done = act(r.state, 'choose', { option: 'comfort' }, { seat: 0 });
    expect(codes(done.events)).toEqual(expect.arrayContaining(['comaward.hallucination.choseAlone', 'comaward.hallucination.resultAlone']));
    expect(done.state.pending?.kind).not.toBe('narrateResult');
    expect(done.state.players[0]?.terror).toBe(1);
  });
  it('§Hallucination Cards (rules version 1, kept so old games replay): GIVEN a game set up by rules 1 whose player to the left is eliminated WHEN a hallucination is drawn THEN that seat narrates as it did then; the module still accepts rules 1', () => {
    let s = edit(setupGame({}, seats(3), createRng(seedRng(1)), pack, '1'), (d) => {
      d.players[1]!.alive = false;
      d.players[1]!.health = 0;
      d.players[1]!.at = null;
      d.decks.rooms = ['chapel', ...d.decks.rooms.filter((r) => r !== 'chapel')];
    });
    expect(s.rules).toBeUndefined();
    expect(newGame(3).rules).toBe(2);
    expect(comaWardGame.rulesVersion).toBe('2');
    expect(comaWardGame.olderRulesVersions).toEqual(['1']);
    s = act(s, 'move', { to: at('floor2', 6, 0) }).state;
    s = act(s, 'reveal', {}, { dice: [1, 1, 2, 3] }).state;
    expect(s.pending).toMatchObject({ kind: 'narrateSituation', seat: 1, subject: 0 });
  });
});
