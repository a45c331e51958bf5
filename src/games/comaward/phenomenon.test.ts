import { describe, expect, it } from 'vitest';
import { createRng, seedRng } from '../../core/index.ts';
import { chartPick, dealRoles } from './engine/phenomenon.ts';
import { comaWardGame } from './index.ts';
import { act, codes, edit, newGame, pack, tryAct } from './fixture.test-helper.ts';
import type { CwState } from './state.ts';

/** Seat 0 is about to find the third clue by rummaging the start room; two clues are already out, in this order. */
function beforeThirdClue(first: string, second: string, third: string): CwState {
  return edit(newGame(3), (d) => {
    d.clues = [
      { item: first, at: 'nurses-station-2', by: 1 },
      { item: second, at: 'closet-2', by: 2 },
    ];
    d.decks.items = [third, ...d.decks.items.filter((u) => u !== first && u !== second && u !== third)];
    d.players[0]!.quirk = 'night-owl';
    d.players[0]!.quirkCount = 1;
    d.players[1]!.quirk = 'hummer';
    d.players[1]!.quirkCount = 0;
    d.players[2]!.quirk = 'loner';
    d.players[2]!.quirkCount = 2;
  });
}

function phenomenonStarted(first = 'admission-photo', second = 'cassette-tape', third = 'nurses-diary'): { state: CwState; events: ReturnType<typeof act>['events'] } {
  return act(beforeThirdClue(first, second, third), 'rummage', {}, { dice: [6, 6, 6, 6] });
}

describe('§Revealing the Phenomenon', () => {
  it('§Revealing the Phenomenon: GIVEN the chart WHEN the same three clues come in another order THEN the phenomenon may differ (it reads the clue found first)', () => {
    expect(chartPick(pack, ['admission-photo', 'cassette-tape', 'nurses-diary'])).toBe('fx-coop');
    expect(chartPick(pack, ['cassette-tape', 'admission-photo', 'nurses-diary'])).toBe('fx-traitor');
    expect(chartPick(pack, ['nurses-diary', 'cassette-tape', 'admission-photo'])).toBe('fx-solo');
    expect(chartPick(pack, ['torn-wristband', 'cassette-tape', 'admission-photo'])).toBe('fx-traitor');
  });

  it('§Revealing the Phenomenon: GIVEN the third clue WHEN it is found THEN the Prologue ends, the finder\'s turn ends at once and they become the Phenomenon Narrator; every quirk is revealed and resolved by its counters', () => {
    const { state, events } = phenomenonStarted();
    expect(state.phase).toBe('phenomenon');
    expect(state.clues.map((c) => c.item)).toEqual(['admission-photo', 'cassette-tape', 'nurses-diary']);
    expect(state.pending).toEqual({ kind: 'readIntro', seat: 0, phenomenon: 'fx-coop' });
    const c = codes(events);
    expect(c.indexOf('comaward.phenomenon.triggered')).toBeLessThan(c.indexOf('comaward.quirk.revealed'));
    expect(events.filter((e) => e.code === 'comaward.quirk.revealed').map((e) => [e.params?.['seat'], e.params?.['count']])).toEqual([[0, 1], [1, 0], [2, 2]]);
    expect(events.filter((e) => e.code === 'comaward.quirk.nothing').map((e) => e.params?.['seat'])).toEqual([1]);
    expect(state.players[2]?.terror).toBe(4);
    expect(state.players.every((p) => p.quirk === null)).toBe(true);
    expect(c).not.toContain('comaward.sight.alone');
  });

  it('§Revealing the Phenomenon: GIVEN the narrator holds the introduction WHEN it is unread THEN only the narrator sees it (DM and /secrets); the table sees neither its name nor its text', () => {
    const { state, events } = phenomenonStarted();
    const hidden = ['fx-coop', 'phenomenon.fx-coop'];
    const pub = JSON.stringify([comaWardGame.publicView(state), comaWardGame.viewFor(state, 1), comaWardGame.viewFor(state, 2), events.filter((e) => e.to !== 0), comaWardGame.prompts(state)]);
    for (const h of hidden) expect(pub).not.toContain(h);
    expect(events.find((e) => e.code === 'comaward.phenomenon.introPrivate')).toMatchObject({ to: 0, params: { textKey: 'phenomenon.fx-coop.intro' } });
    expect(comaWardGame.secretsFor(state, 0).map((e) => e.code)).toContain('comaward.phenomenon.introPrivate');
    expect(comaWardGame.timeoutAction?.(state, 0)).toEqual({ type: 'botRead', args: {} });
  });

  it('§Revealing the Phenomenon: GIVEN the introduction WHEN the narrator reads it THEN the setup runs (enemy, ally, item, lines) and the player to the narrator\'s right takes the first turn', () => {
    const { state } = phenomenonStarted();
    const r = act(state, 'narrate', { line: 'Listen.' }, { seat: 0 });
    const c = codes(r.events);
    expect(c.slice(0, 3)).toEqual(['comaward.phenomenon.intro', 'comaward.narrator.line', 'comaward.phenomenon.summary']);
    expect(r.state.phenomenon?.actors.map((a) => [a.card, a.at])).toEqual([['shade', 'nurses-station-2'], ['orderly', 'nurses-station-2']]);
    expect(r.state.floor['closet-2']).toEqual(['key-card~p3']);
    expect(c).toContain('comaward.say');
    expect(r.state.active).toBe(2);
    expect(r.state.phenomenon).toMatchObject({ round: 1, introRead: true });
    expect((comaWardGame.publicView(r.state) as { phenomenon: { id: string } }).phenomenon.id).toBe('fx-coop');
  });

  it('§Revealing the Phenomenon and Glossary "Role": GIVEN a traitor phenomenon WHEN roles are dealt THEN each player learns their own role in secret and no other view shows it', () => {
    const { state } = phenomenonStarted('cassette-tape', 'admission-photo', 'nurses-diary');
    expect(state.pending).toMatchObject({ phenomenon: 'fx-traitor' });
    const r = act(state, 'narrate', {}, { seat: 0 });
    const roles = r.state.players.map((p) => p.role);
    expect(roles.filter((x) => x === 'impostor')).toHaveLength(1);
    expect(roles.filter((x) => x === 'patient')).toHaveLength(2);
    for (const e of r.events.filter((x) => x.code === 'comaward.role.dealt')) expect(typeof e.to).toBe('number');
    const pub = JSON.stringify([comaWardGame.publicView(r.state), r.events.filter((e) => e.to === 'public')]);
    for (const role of ['impostor', 'patient']) {
      expect(pub).not.toContain(`"${role}"`);
      expect(pub).not.toContain(`.role.${role}.`);
    }
    const traitor = roles.indexOf('impostor');
    const other = (traitor + 1) % 3;
    expect(JSON.stringify(comaWardGame.viewFor(r.state, traitor))).toContain('"role":"impostor"');
    expect(JSON.stringify(comaWardGame.viewFor(r.state, other))).not.toContain('impostor');
  });

  it('Glossary "Role": GIVEN a phenomenon with more counted roles than living players WHEN roles are dealt over many seeds THEN which roles are in play is chance (not the order of the file), one role each', () => {
    const base = edit(newGame(2), (d) => {
      d.phase = 'phenomenon';
      d.phenomenon = { ...(d.phenomenon ?? {}), id: 'fx-many' } as CwState['phenomenon'];
    });
    const roles = ['first', 'second', 'third', 'fourth'].map((id) => ({ id, name: { en: id, es: id }, text: { en: id, es: id }, count: 1 as const }));
    const many = { ...pack, phenomena: { ...pack.phenomena, 'fx-many': { ...Object.values(pack.phenomena)[0]!, id: 'fx-many', roles } } };
    const dealt = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const s = edit(base, () => {});
      const env = { pack: many, rng: createRng(seedRng(seed)), events: [], revealed: false };
      dealRoles(s, env);
      const held = s.players.map((p) => p.role);
      expect(new Set(held).size).toBe(2);
      for (const r of held) dealt.add(r as string);
    }
    expect([...dealt].sort()).toEqual(['first', 'fourth', 'second', 'third']);
  });

  it('Glossary "Enter": GIVEN the Entrance trigger WHEN a player starts the turn there THEN nothing; WHEN a player moves in THEN it fires', () => {
    const read = act(phenomenonStarted().state, 'narrate', {}, { seat: 0 }).state;
    const there = edit(read, (d) => d.players.forEach((p) => (p.at = 'entrance')));
    expect(act(there, 'endturn').state.flags).not.toContain('at-door');
    const near = edit(read, (d) => (d.players[2]!.at = 'floor1-4-3'));
    const moved = act(near, 'move', { to: 'entrance' }).state;
    expect(moved.flags).toContain('at-door');
  });

  it('§Entity Cards: GIVEN an eliminated player with an entity WHEN they use it while a prompt is open THEN it waits and resolves after the current action', () => {
    let s = act(phenomenonStarted().state, 'narrate', {}, { seat: 0 }).state;
    s = edit(s, (d) => {
      d.players[1]!.alive = false;
      d.players[1]!.health = 0;
      d.players[1]!.at = null;
      d.players[1]!.entity = { id: 'cold-draft', uses: 1 };
      d.phenomenon!.toPlay = d.phenomenon!.toPlay.filter((x) => x !== 1);
      d.players[0]!.at = d.players[2]!.at;
      d.phenomenon!.actors = [];
    });
    s = act(s, 'attack', { target: '0' }, { seat: 2 }).state;
    expect(s.pending).toMatchObject({ kind: 'defend', seat: 0 });
    const q = act(s, 'entity', { target: 2 }, { seat: 1 });
    expect(q.state.queue).toEqual([{ seat: 1, target: 2 }]);
    expect(q.state.players[2]?.terror).toBe(s.players[2]?.terror);
    const r = act(q.state, 'defend', { how: 'dodge' }, { seat: 0, dice: [5, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1] });
    const c = codes(r.events);
    expect(c.indexOf('comaward.entity.resolves')).toBeGreaterThan(c.indexOf('comaward.combat.tie'));
    expect(r.state.players[2]?.terror).toBe((s.players[2]?.terror ?? 0) + 1);
    expect(r.state.players[1]?.entity?.uses).toBe(0);
    expect(tryAct(r.state, 'entity', { target: 2 }, { seat: 1 })).toMatchObject({ ok: false, error: { code: 'comaward.entity.none' } });
  });

  it('§If a Player Dies and §Entity Cards: GIVEN a phenomenon with entity cards WHEN a player dies THEN they draw an entity card and the death event fires', () => {
    let s = act(phenomenonStarted().state, 'narrate', {}, { seat: 0 }).state;
    s = edit(s, (d) => {
      d.players[0]!.at = d.players[2]!.at;
      d.players[0]!.health = 1;
      d.players[2]!.items = ['broom'];
      d.decks.items = d.decks.items.filter((u) => u !== 'broom');
    });
    s = act(s, 'attack', { target: '0' }, { seat: 2 }).state;
    const r = act(s, 'defend', { how: 'dodge' }, { seat: 0, dice: [5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] });
    expect(r.state.players[0]).toMatchObject({ alive: false });
    expect(r.state.players[0]?.entity).not.toBeNull();
    expect(codes(r.events)).toEqual(expect.arrayContaining(['comaward.death', 'comaward.entity.drawn', 'comaward.say']));
  });

  it('§End: GIVEN an ending whose condition holds WHEN any action ends THEN the game ends with that ending and only then is its epilogue read; before, no view holds it', () => {
    let s = act(phenomenonStarted().state, 'narrate', {}, { seat: 0 }).state;
    for (const seat of [0, 1, 2]) {
      const all = JSON.stringify([comaWardGame.publicView(s), comaWardGame.viewFor(s, seat), comaWardGame.secretsFor(s, seat)]);
      expect(all).not.toContain('epilogue');
    }
    s = edit(s, (d) => {
      d.players.forEach((p) => (p.at = 'entrance'));
      d.players[2]!.items = ['key-card~p3'];
      delete d.floor['closet-2'];
    });
    const r = act(s, 'endturn');
    expect(r.state.phase).toBe('over');
    expect(r.state.ending).toEqual({ id: 'escape', winners: [0, 1, 2] });
    expect(r.events.find((e) => e.code === 'comaward.ending.epilogue')).toMatchObject({ to: 'public', params: { textKey: 'phenomenon.fx-coop.ending.escape.epilogue' } });
    expect(comaWardGame.status(r.state)).toEqual({ phase: 'won', reason: 'escape' });
    expect(comaWardGame.legalCommands(r.state, 0)).toEqual([]);
  });

  it('§Revealing the Phenomenon (Enemies and Allies): GIVEN every living player has played WHEN the round ends THEN the enemies and allies act by their behaviour and round-end events fire', () => {
    let s = act(phenomenonStarted().state, 'narrate', {}, { seat: 0 }).state;
    s = edit(s, (d) => {
      d.phenomenon!.actors[0]!.at = 'floor2-8-4';
      d.players.forEach((p) => (p.at = 'nurses-station-2'));
    });
    let last: ReturnType<typeof act>['events'] = [];
    for (let i = 0; i < 3; i++) {
      const r = act(s, 'endturn', {}, { dice: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] });
      s = r.state;
      last = r.events;
    }
    expect(s.phenomenon?.round).toBe(2);
    const after = last.slice(codes(last).indexOf('comaward.round.end'));
    expect(codes(after)).toEqual(expect.arrayContaining(['comaward.actor.moved', 'comaward.round.start']));
    const shade = s.phenomenon?.actors.find((a) => a.card === 'shade');
    expect(shade?.at).not.toBe('floor2-8-4');
    expect(new Set(after.filter((e) => e.code === 'comaward.stat.terror').map((e) => e.params?.['seat']))).toEqual(new Set([0, 1, 2]));
  });
});
