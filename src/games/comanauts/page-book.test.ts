import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, createRng, genesisSnapshot, replay, seedRng, type GameEvent, type Genesis, type LogEntry, type Rng } from '../../core/index.ts';
import { packText, type ComanautsPack, type Effect } from './content.ts';
import { NEXUS } from './engine/book-hooks.ts';
import { allDice, drain, draftOf, mapOf, moveRejection, rangedRejection, type Env } from './engine.ts';
import { comanautsGame } from './index.ts';
import { distancesFrom } from './geometry.ts';
import { comanautsCommandSchemas, type ComanautsCommandType } from './commands.ts';
import { decideCommand, setupGame } from './rules.ts';
import { codes, giveHand, must, mutate, newGame, pack, putAvatar, putEnemy, run, scripted, type Run } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';
import { describeComanautsView } from './labels.ts';
import { prompts, legalCommands } from './view.ts';

/** Issue 18, "The adventure book as data and effects": rules version 3 against the rulebook, on the training cottage. */

const code = (r: Run): string | undefined => (r.ok ? undefined : r.error.code);
const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` }));

function cottage(p: ComanautsPack = pack, rules = 3): ComanautsState {
  return setupGame({ avatarsPerPlayer: 3, startAvatars: ['wren', 'okafor'], page: 'cottage' } as never, seats(2), createRng(seedRng(3)), p, rules);
}

function runWith(p: ComanautsPack, state: ComanautsState, seat: number, type: ComanautsCommandType, args: Record<string, unknown> = {}, rng: Rng = scripted([])): Run {
  const parsed = comanautsCommandSchemas[type].parse(args) as Record<string, unknown>;
  const r = decideCommand(state, { type, args: parsed }, { seat, now: '2026-01-01T00:00:00.000Z', rng, asHost: false, pack: p });
  return r.ok ? { ok: true, state: r.value.state, events: r.value.events } : { ok: false, error: r.error };
}

/** Resolves book effects as an entry would (queued work, drained). */
function book(s: ComanautsState, effects: Effect[], rng: Rng = scripted([]), p: ComanautsPack = pack): { state: ComanautsState; events: GameEvent[] } {
  const d = draftOf(s);
  const env: Env = { rng, events: [], pack: p };
  d.phase = 'resolving';
  d.work.push(...effects.map((effect, i) => ({ k: 'effect' as const, effect, key: `page.${d.page.id}.test.${i}` })));
  drain(d, env);
  return { state: d as unknown as ComanautsState, events: env.events };
}

const at = (s: ComanautsState, space: string, kinds: Parameters<typeof giveHand>[1], seat = 0): ComanautsState =>
  mutate(s, (d) => {
    giveHand(d, kinds);
    putAvatar(d, seat, space);
  });

const has = (events: readonly GameEvent[], c: string): boolean => codes(events).includes(`comanauts.${c}`);

describe('comanauts rules 3: the adventure book', () => {
  it('Rules §Page Setup: GIVEN the cottage WHEN set up THEN its doors, objective token, search token and environment card are in play and nobody stands in the Morass', () => {
    const s = cottage();
    expect(s.rules).toBe(3);
    expect(s.pageBook?.doors).toEqual([
      { id: 'cellar-door', locked: true },
      { id: 'yard-gate', locked: false },
    ]);
    expect(s.pageBook?.objectives).toEqual(['cellar']);
    expect(s.pageBook?.environment.map((c) => c.id)).toEqual(['rain-barrel']);
    expect(s.searchTokens).toEqual({ pantry: 1 });
    expect(s.players.every((p) => p.avatar.place?.space === 'porch')).toBe(true);
  });

  it('Rules §Leaving a Page and §Page Setup: GIVEN turnToPage by the book page number WHEN the turn ends THEN the cottage is entered and its introduction read (en and es texts exist)', () => {
    const s = mutate(newGame(), (d) => giveHand(d, ['red']));
    const turned = book(s, [{ do: 'turnToPage', page: 3 }]);
    expect(turned.state.turnToPage).toBe('cottage');
    expect(turned.state.page.id).toBe('orchard');
    const after = must(run(mutate(turned.state, (d) => giveHand(d, ['red'])), 0, 'endActions'));
    expect(after.state.page.id).toBe('cottage');
    const intro = after.events.find((e) => e.code === 'comanauts.book.narrate' && String(e.params?.textKey).includes('introduction'));
    expect(intro?.params?.textKey).toBe('page.cottage.introduction.0.text');
    for (const lang of ['en', 'es']) expect(packText(pack, 'page.cottage.introduction.0.text', lang)).toBeTruthy();
    expect(after.state.pageBook?.doors.length).toBe(2);
  });

  it('Rules §Doors and §Page Setup: GIVEN the cottage WHEN the picture is described in words THEN the alt text names both doors (the locked one as locked), the objective and the environment card', () => {
    const codesOf = describeComanautsView(comanautsGame.publicView(cottage())).map((l) => l.code);
    expect(codesOf).toEqual(expect.arrayContaining(['comanauts.alt.doorLocked', 'comanauts.alt.door', 'comanauts.alt.objective', 'comanauts.alt.environment']));
    expect(describeComanautsView(comanautsGame.publicView(cottage(pack, 2))).some((l) => l.code.startsWith('comanauts.alt.door'))).toBe(false);
  });

  it('Rules §Doors: GIVEN door tokens in play WHEN moving across their lines THEN a locked door and an unlocked one both block, with their own reasons, and autocomplete offers neither', () => {
    const inKitchen = at(cottage(), 'kitchen', ['blue', 'purple']);
    expect(code(run(inKitchen, 0, 'move', { colour: 'blue', to: 'cellar' }))).toBe('comanauts.move.lockedDoor');
    const inYard = at(cottage(), 'yard', ['red']);
    expect(code(run(inYard, 0, 'move', { colour: 'red', to: 'cellar' }))).toBe('comanauts.move.door');
    expect(legalCommands(inYard, 0).some((c) => c.type === 'move' && (c.args as { to: string }).to === 'cellar')).toBe(false);
  });

  it('Rules §Doors: GIVEN an avatar beside the unlocked gate WHEN she discards any attribute die THEN the token is removed and the line can be crossed', () => {
    const s = at(cottage(), 'yard', ['blue', 'red']);
    expect(legalCommands(s, 0)).toContainEqual({ type: 'door', args: { door: 'yard-gate', colour: 'blue' } });
    const opened = must(run(s, 0, 'door', { door: 'yard-gate', colour: 'blue' }));
    expect(has(opened.events, 'door.opened')).toBe(true);
    expect(opened.state.pageBook?.doors.map((x) => x.id)).toEqual(['cellar-door']);
    expect(opened.state.dice.hand).toHaveLength(1);
    expect(must(run(opened.state, 0, 'move', { colour: 'red', to: 'cellar' })).state.players[0]?.avatar.place?.space).toBe('cellar');
  });

  it('Rules §Doors: GIVEN the locked hatch, or a door not beside the avatar WHEN opening it with a die THEN it is refused', () => {
    expect(code(run(at(cottage(), 'kitchen', ['blue']), 0, 'door', { door: 'cellar-door', colour: 'blue' }))).toBe('comanauts.door.isLocked');
    expect(code(run(at(cottage(), 'porch', ['blue']), 0, 'door', { door: 'yard-gate', colour: 'blue' }))).toBe('comanauts.door.notBeside');
  });

  it('Rules §Doors and §Clear Sight: GIVEN a hostile behind the gate WHEN aiming from the yard THEN the door blocks the attack; once opened it does not', () => {
    const s = mutate(at(cottage(), 'yard', ['green'], 1), (d) => {
      putEnemy(d, 'paper-wraith', 'cellar', 0);
    });
    const uid = s.enemies[0]?.uid as string;
    expect(rangedRejection(s, 1, uid)).not.toBeNull();
    expect(distancesFrom(mapOf(s), 'cellar').get('yard')).toBeUndefined();
    const open = book(s, [{ do: 'openDoor', door: 'yard-gate' }]).state;
    expect(rangedRejection(open, 1, uid)).toBeNull();
    expect(distancesFrom(mapOf(open), 'cellar').get('yard')).toBe(1);
  });

  it('Rules §Skill Test: GIVEN the padlock test WHEN it succeeds THEN its success branch unlocks the hatch (which must still be opened with a die)', () => {
    const s = at(cottage(), 'kitchen', ['yellow', 'yellow', 'blue']);
    const done = must(run(s, 0, 'skillTest', { test: 'cellar-padlock', colour: 'yellow', count: 2 }, scripted([3, 4])));
    expect(has(done.events, 'door.unlocked')).toBe(true);
    expect(done.state.pageBook?.doors.find((x) => x.id === 'cellar-door')?.locked).toBe(false);
    expect(code(run(done.state, 0, 'move', { colour: 'blue', to: 'cellar' }))).toBe('comanauts.move.door');
    expect(must(run(done.state, 0, 'door', { door: 'cellar-door', colour: 'blue' })).state.pageBook?.doors.map((x) => x.id)).toEqual(['yard-gate']);
    expect(code(run(done.state, 0, 'skillTest', { test: 'cellar-padlock', colour: 'yellow' }))).toBe('comanauts.skill.alreadyTried');
  });

  it('Rules §Skill Test: GIVEN the padlock test WHEN it fails THEN its fail branch runs (Shaken) and the hatch stays locked', () => {
    const done = must(run(at(cottage(), 'kitchen', ['yellow']), 0, 'skillTest', { test: 'cellar-padlock', colour: 'yellow' }, scripted([2])));
    expect(done.state.players[0]?.avatar.statuses).toContain('shaken');
    expect(done.state.pageBook?.doors.find((x) => x.id === 'cellar-door')?.locked).toBe(true);
  });

  it('Rules §Skill Test: GIVEN a test the book makes the player take WHEN she has no matching or purple die THEN she fails at once', () => {
    const s = at(cottage(), 'kitchen', ['red']);
    const r = book(s, [{ do: 'skillTest', test: 'slick-steps' }]);
    expect(has(r.events, 'skill.autoFail')).toBe(true);
    expect(r.state.triedTests).toContain('slick-steps');
    expect(r.state.work.some((w) => w.k === 'attack') || has(r.events, 'life.lost') || r.state.prompt?.kind === 'defend').toBe(true);
  });

  it('Rules §Skill Test: GIVEN a test the book makes the player take WHEN she holds matching and purple dice THEN she chooses how many to roll and the success branch follows', () => {
    const s = at(cottage(), 'kitchen', ['blue', 'purple']);
    const asked = book(s, [{ do: 'skillTest', test: 'slick-steps' }]).state;
    expect(asked.prompt).toMatchObject({ seat: 0, kind: 'skillDice', options: ['1', '2'] });
    expect(prompts(asked)[0]?.options[1]?.label).toMatchObject({ code: 'comanauts.option.skillDice', params: { count: 2, colour: 'blue' } });
    const done = must(run(asked, 0, 'answer', { value: '2' }, scripted([2, 3])));
    expect(done.state.dice.hand).toHaveLength(0);
    expect(done.state.insightTokens).toContain('yard');
  });

  it('Rules §Skill Test, "Environment Cards": GIVEN the rain barrel WHEN used away from the porch THEN refused; from the porch its test succeeds, opens the gate, gives clarity and the card (once) leaves play', () => {
    expect(code(run(at(cottage(), 'kitchen', ['blue']), 0, 'environment', { card: 'rain-barrel' }))).toBe('comanauts.environment.wrongSpace');
    const s = at(cottage(), 'porch', ['blue', 'blue']);
    expect(legalCommands(s, 0)).toContainEqual({ type: 'environment', args: { card: 'rain-barrel', colour: 'blue', count: 1, purple: 0 } });
    const done = must(run(s, 0, 'environment', { card: 'rain-barrel', colour: 'blue' }, scripted([5])));
    expect(codes(done.events)).toEqual(expect.arrayContaining(['comanauts.environment.used', 'comanauts.roll.environment', 'comanauts.door.opened', 'comanauts.clarity.gained', 'comanauts.environment.left']));
    expect(done.state.pageBook?.doors.map((x) => x.id)).toEqual(['cellar-door']);
    expect(done.state.players[0]?.clarity).toBe(1);
    expect(code(run(done.state, 0, 'environment', { card: 'rain-barrel', colour: 'blue' }))).toBe('comanauts.environment.unknown');
  });

  it('Rules §Skill Test, "Environment Cards": GIVEN the rain barrel WHEN its roll falls short THEN the fail branch is read and the gate stays', () => {
    const done = must(run(at(cottage(), 'porch', ['blue']), 0, 'environment', { card: 'rain-barrel' }, scripted([2])));
    expect(done.state.pageBook?.doors.map((x) => x.id)).toEqual(['cellar-door', 'yard-gate']);
    expect(done.events.some((e) => e.params?.textKey === 'environment.rain-barrel.test.fail.0.text')).toBe(true);
  });

  it('Rules §Skill Test, "Environment Cards" (the travel-card timing): GIVEN a card whose effects wait for the end of the turn WHEN used THEN nothing happens until the turn ends, then its effects run and the card (once) leaves play', () => {
    const card = { id: 'old-radio', name: { en: 'Old Radio', es: 'Radio vieja' }, text: { en: 'Tune in.', es: 'Sintoniza.' }, use: [{ do: 'gainClarity' as const, n: 2 }, { do: 'revealClue' as const }], endOfTurn: true, once: true };
    const radioPack = { ...pack, environment: [...(pack.environment ?? []), card] };
    const s = book(at(cottage(radioPack), 'porch', ['red']), [{ do: 'environment', card: 'old-radio' }], scripted([]), radioPack).state;
    expect(s.pageBook?.environment.map((c) => c.id)).toEqual(['rain-barrel', 'old-radio']);
    const used = must(runWith(radioPack, mutate(s, (d) => giveHand(d, ['red'])), 0, 'environment', { card: 'old-radio' }));
    expect(used.state.players[0]?.clarity).toBe(0);
    expect(code(runWith(radioPack, used.state, 0, 'environment', { card: 'old-radio' }))).toBe('comanauts.environment.usedThisTurn');
    const ended = must(runWith(radioPack, used.state, 0, 'endActions'));
    expect(ended.state.players[0]?.clarity).toBe(2);
    expect(ended.state.cluesRevealed).toBe(1);
    expect(ended.state.pageBook?.environment.map((c) => c.id)).toEqual(['rain-barrel']);
  });

  it('Rules §Point of Interest: GIVEN the kitchen entry puts a choice WHEN the player enters THEN she gets one button per option, named from the pack, and the chosen branch runs', () => {
    const asked = must(run(at(cottage(), 'porch', ['red']), 0, 'move', { colour: 'red', to: 'kitchen' })).state;
    expect(asked.prompt).toMatchObject({ seat: 0, kind: 'bookChoice', options: ['1', '2'] });
    const labels = prompts(asked)[0]?.options.map((o) => packText(pack, String(o.label.params?.labelKey), 'en'));
    expect(labels).toEqual(['Read the recipe', 'Leave it be']);
    expect(must(run(asked, 0, 'answer', { value: '1' })).state.insight).toBe(1);
    expect(must(run(asked, 0, 'answer', { value: '2' })).state.insight).toBe(0);
    expect(code(run(asked, 1, 'answer', { value: '1' }))).toBe('comanauts.prompt.notYours');
  });

  it('Rules §Objective and §Leaving a Page: GIVEN the cellar objective WHEN reached THEN the page turns only once the turn is finished, the page is cleared and every avatar, the Morass included, stands on the hall', () => {
    const s = mutate(at(cottage(), 'kitchen', ['red']), (d) => {
      (d.pageBook as NonNullable<typeof d.pageBook>).doors = [];
      (d.players[1] as (typeof d.players)[number]).avatar.place = null;
    });
    const reached = must(run(s, 0, 'move', { colour: 'red', to: 'cellar' }));
    expect(codes(reached.events)).toEqual(expect.arrayContaining(['comanauts.objective.reached', 'comanauts.skill.autoFail', 'comanauts.page.leaving']));
    let state = reached.state;
    while (state.prompt) state = must(run(state, state.prompt.seat, 'answer', { value: state.prompt.options[0] as string })).state;
    expect(state.page.id).toBe('cottage');
    expect(state.turnToPage).toBe('hall');
    const left = must(run(state, 0, 'endActions'));
    expect(left.state.page.id).toBe('hall');
    expect(left.state.pageBook).toMatchObject({ doors: [], objectives: [], fire: [], environment: [] });
    expect(left.state.players.every((p) => p.avatar.place !== null)).toBe(true);
    expect(codes(left.events).indexOf('comanauts.page.entered')).toBeGreaterThan(codes(left.events).indexOf('comanauts.turn.ended') === -1 ? -1 : codes(left.events).indexOf('comanauts.turn.ended'));
  });

  it('THE NEXUS: GIVEN goToNexus WHEN the turn ends THEN the Nexus hook is reached (until the Nexus lands it returns to the start page)', () => {
    const s = book(at(cottage(), 'porch', ['red']), [{ do: 'goToNexus' }]).state;
    expect(s.turnToPage).toBe(NEXUS);
    const left = must(run(mutate(s, (d) => giveHand(d, ['red'])), 0, 'endActions'));
    expect(has(left.events, 'nexus.reached')).toBe(true);
    expect(left.state.page.id).toBe(pack.game.startPage);
  });

  it('Rules §Encountering an I.D. Entity: GIVEN an encounter by code WHEN a stack I.D. matches THEN that I.D. enters; WHEN none matches THEN the Prime I.D. enters with a life token per player', () => {
    const s = at(cottage(), 'porch', ['red']);
    const other = pack.enemies.find((e) => e.kind === 'entity' && e.id !== s.primeEntity);
    let matched = book(s, [{ do: 'encounter', hostiles: [], code: other?.code as string }]).state;
    while (matched.prompt) matched = must(run(matched, matched.prompt.seat, 'answer', { value: matched.prompt.options[0] as string })).state;
    expect(matched.enemies.map((e) => e.card)).toEqual([other?.id]);
    expect(matched.situation).toBe('hostile');
    const prime = book(s, [{ do: 'encounter', hostiles: ['rust-hound'], code: '0000000' }], createRng(seedRng(1))).state;
    let state = prime;
    while (state.prompt) state = must(run(state, state.prompt.seat, 'answer', { value: state.prompt.options[0] as string })).state;
    expect(state.enemies.map((e) => e.card).sort()).toEqual([s.primeEntity, 'rust-hound'].sort());
    expect(state.enemies.find((e) => e.card === s.primeEntity)?.life).toBe(2);
  });

  it('Rules §Ambiguous Effects: GIVEN an effect for one avatar the player chooses WHEN two stand on the map THEN the current player picks with buttons', () => {
    const asked = book(at(cottage(), 'porch', ['red']), [{ do: 'gainClarity', n: 2, who: 'choose' }]).state;
    expect(asked.prompt).toMatchObject({ seat: 0, kind: 'bookTarget', options: ['0', '1'] });
    const done = must(run(asked, 0, 'answer', { value: '1' })).state;
    expect(done.players.map((p) => p.clarity)).toEqual([0, 2]);
  });

  it('GIVEN heal, gain item, reveal a vital sign and placing and removing tokens WHEN resolved THEN each does what docs/comanauts-book.md says', () => {
    const hurt = mutate(at(cottage(), 'porch', ['red']), (d) => {
      (d.players[0] as (typeof d.players)[number]).avatar.life = 1;
    });
    const r = book(hurt, [
      { do: 'heal', n: 5 },
      { do: 'gainItem', item: 'tin-helmet' },
    ]);
    expect(r.state.players[0]?.avatar.life).toBe(3);
    let held = r.state;
    while (held.prompt) held = must(run(held, held.prompt.seat, 'answer', { value: held.prompt.options[0] as string })).state;
    expect(held.itemsOut).toContain('tin-helmet');
    const t = book(hurt, [
      { do: 'revealVital' },
      { do: 'placeTokens', token: 'fire', space: 'yard', n: 2 },
      { do: 'removeTokens', token: 'fire', space: 'yard', n: 1 },
      { do: 'placeTokens', token: 'search', space: 'pantry' },
      { do: 'removeTokens', token: 'objective', space: 'cellar' },
    ]);
    expect(t.state.vitalShown).toHaveLength(1);
    expect(t.state.pageBook?.fire).toEqual(['yard']);
    expect(t.state.searchTokens.pantry).toBe(2);
    expect(t.state.pageBook?.objectives).toEqual([]);
  });

  it('Rules §Page Setup (fire token): GIVEN fire on the yard and a fire entry WHEN an avatar walks in THEN the entry is read for her', () => {
    const firePack = { ...pack, pages: pack.pages.map((p) => (p.id === 'cottage' ? { ...p, entries: { ...p.entries, fire: [{ do: 'attack' as const, strength: 9, who: 'active' as const }] } } : p)) };
    const s = mutate(at(cottage(firePack), 'porch', ['red']), (d) => {
      (d.pageBook as NonNullable<typeof d.pageBook>).fire = ['yard'];
    });
    const r = must(runWith(firePack, s, 0, 'move', { colour: 'red', to: 'yard' }));
    expect(has(r.events, 'fire.entered')).toBe(true);
    expect(r.state.players[0]?.avatar.life ?? 0).toBeLessThan(3);
  });

  it('Rules §Group Task: GIVEN a closed group task WHEN contributing THEN refused until the book opens it', () => {
    const hallPack = { ...pack, pages: pack.pages.map((p) => (p.id === 'hall' && p.groupTask ? { ...p, groupTask: { ...p.groupTask, closed: true } } : p)) };
    const s = mutate(setupGame({ avatarsPerPlayer: 3, startAvatars: ['wren', 'okafor'], page: 'hall' } as never, seats(2), createRng(seedRng(3)), hallPack, 3), (d) => giveHand(d, ['blue']));
    expect(code(runWith(hallPack, s, 0, 'groupTask', { colour: 'blue' }))).toBe('comanauts.group.none');
    const opened = book(s, [{ do: 'groupTask' }], scripted([]), hallPack);
    expect(has(opened.events, 'group.opened')).toBe(true);
    expect(runWith(hallPack, mutate(opened.state, (d) => giveHand(d, ['blue'])), 0, 'groupTask', { colour: 'blue' }, scripted([2])).ok).toBe(true);
  });

  it('Rules §Item Card (effect, consumable): GIVEN an equipped skeleton key WHEN used THEN the player picks a door, it opens and the key goes back to the item deck', () => {
    const keyPack = {
      ...pack,
      items: [...pack.items, { id: 'skeleton-key', name: { en: 'Skeleton Key', es: 'Llave maestra' }, slot: 'accessory' as const, kind: 'gear' as const, bonus: {}, consumable: true, use: [{ do: 'openDoor' as const, door: 'any' }] }],
    };
    const s = mutate(at(cottage(keyPack), 'porch', ['red']), (d) => {
      (d.players[0] as (typeof d.players)[number]).equipment.accessory = 'skeleton-key';
      d.itemsOut.push('skeleton-key');
      d.catalogue = { ...d.catalogue, items: keyPack.items } as typeof d.catalogue;
    });
    expect(legalCommands(s, 0)).toContainEqual({ type: 'use', args: { item: 'skeleton-key' } });
    const asked = must(runWith(keyPack, s, 0, 'use', { item: 'skeleton-key' }));
    expect(asked.state.prompt).toMatchObject({ kind: 'chooseDoor', options: ['cellar-door', 'yard-gate'] });
    expect(has(asked.events, 'item.consumed')).toBe(true);
    const done = must(runWith(keyPack, asked.state, 0, 'answer', { value: 'cellar-door' }));
    expect(done.state.pageBook?.doors.map((x) => x.id)).toEqual(['yard-gate']);
    expect(done.state.players[0]?.equipment.accessory).toBeNull();
    expect(done.state.itemsOut).not.toContain('skeleton-key');
    expect(code(runWith(keyPack, mutate(done.state, (d) => giveHand(d, ['red'])), 0, 'use', { item: 'skeleton-key' }))).toBe('comanauts.item.notEquipped');
  });

  it('Rules §Item Card (the out-of-ammo effect): GIVEN a weapon with ammo WHEN an attack rolls two matching faces THEN the weapon is discarded after the attack', () => {
    const gunPack = {
      ...pack,
      items: [...pack.items, { id: 'cap-gun', name: { en: 'Cap Gun', es: 'Pistola de fulminantes' }, slot: 'hand' as const, kind: 'ranged' as const, range: 2, bonus: { ranged: 1 }, ammo: true }],
    };
    const s = mutate(at(cottage(gunPack), 'porch', ['green', 'green']), (d) => {
      (d.players[0] as (typeof d.players)[number]).equipment.hand = 'cap-gun';
      d.itemsOut.push('cap-gun');
      d.catalogue = { ...d.catalogue, items: gunPack.items } as typeof d.catalogue;
      putEnemy(d, 'paper-wraith', 'kitchen', 0);
    });
    const uid = s.enemies[0]?.uid as string;
    const r = must(runWith(gunPack, s, 0, 'ranged', { enemy: uid, count: 2 }, scripted([3, 3])));
    expect(has(r.events, 'enemy.defeated')).toBe(true);
    expect(has(r.events, 'item.outOfAmmo')).toBe(true);
    expect(r.state.players[0]?.equipment.hand).toBeNull();
    const kept = must(runWith(gunPack, s, 0, 'ranged', { enemy: uid, count: 2 }, scripted([3, 4])));
    expect(kept.state.players[0]?.equipment.hand).toBe('cap-gun');
  });

  it('Rules §Clarity: GIVEN an avatar whose ability passes a skill test WHEN used before the padlock THEN the test passes without dice', () => {
    const abilityPack = { ...pack, avatars: pack.avatars.map((a) => (a.id === 'wren' ? { ...a, ability: { kind: 'passTest' as const, cost: 1, text: a.ability.text } } : a)) };
    const s = mutate(at(cottage(abilityPack), 'kitchen', ['red']), (d) => {
      (d.players[0] as (typeof d.players)[number]).clarity = 1;
    });
    const used = must(runWith(abilityPack, s, 0, 'ability', {}));
    expect(used.state.players[0]?.clarity).toBe(0);
    const passed = must(runWith(abilityPack, used.state, 0, 'skillTest', { test: 'cellar-padlock', colour: 'yellow' }));
    expect(has(passed.events, 'skill.passedByAbility')).toBe(true);
    expect(passed.state.dice.hand).toHaveLength(1);
    expect(passed.state.pageBook?.doors.find((x) => x.id === 'cellar-door')?.locked).toBe(false);
  });

  it('Rules §Clarity: GIVEN an ability written as book effects WHEN used THEN its effects run for every avatar', () => {
    const abilityPack = { ...pack, avatars: pack.avatars.map((a) => (a.id === 'wren' ? { ...a, ability: { kind: 'effects' as const, cost: 2, text: a.ability.text, effects: [{ do: 'gainClarity' as const, n: 1, who: 'all' as const }] } } : a)) };
    const s = mutate(at(cottage(abilityPack), 'porch', ['red']), (d) => {
      (d.players[0] as (typeof d.players)[number]).clarity = 2;
    });
    const used = must(runWith(abilityPack, s, 0, 'ability', {}));
    expect(used.state.players.map((p) => p.clarity)).toEqual([1, 1]);
  });

  it('Rules versions: GIVEN the cottage in a game of rules 2 WHEN set up THEN there is no book state and no door blocks the cellar (old games replay unchanged)', () => {
    const s = cottage(pack, 2);
    expect('pageBook' in s).toBe(false);
    expect(moveRejection(at(s, 'kitchen', ['blue']), 0, 'blue', 'cellar')).toBeNull();
  });

  it('Rules §Doors (property): GIVEN any set of the cottage doors in play WHEN moving between their spaces THEN a line is blocked exactly when its door is in play', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (hatch, gate, locked) => {
        const s = mutate(at(cottage(), 'cellar', ['red']), (d) => {
          (d.pageBook as NonNullable<typeof d.pageBook>).doors = [...(hatch ? [{ id: 'cellar-door', locked }] : []), ...(gate ? [{ id: 'yard-gate', locked }] : [])];
        });
        expect(moveRejection(s, 0, 'red', 'kitchen') !== null).toBe(hatch);
        expect(moveRejection(s, 0, 'red', 'yard') !== null).toBe(gate);
        expect(distancesFrom(mapOf(s), 'cellar').get('kitchen') === 1).toBe(!hatch);
        expect(distancesFrom(mapOf(s), 'cellar').get('yard') === 1).toBe(!gate);
      }),
      { numRuns: 16 },
    );
  });

  it('Rules 3 (property): GIVEN random legal play on the cottage WHEN every command comes from legalCommands THEN none is refused, every die is in one place, the Prime I.D. stays out of the public view until it is in play, and the log replays to its hashes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 40 }), (seed, choices) => {
        const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '3', options: { page: 'cottage' }, seats: seats(2), seed };
        let snap = genesisSnapshot(comanautsGame, genesis, pack);
        const log: LogEntry[] = [];
        for (let i = 0; i < 150 && comanautsGame.status(snap.state).phase === 'playing'; i++) {
          const seat = comanautsGame.awaiting(snap.state).seats[0] as number;
          const legal = comanautsGame.legalCommands(snap.state, seat);
          const pick = choices[i % choices.length] as number;
          const command = pick % 6 === 0 && legal.some((c) => c.type === 'endActions') ? { type: 'endActions', args: {} } : (legal[pick % legal.length] as (typeof legal)[number]);
          const at = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
          const res = applyCommand(comanautsGame, snap, command, { seat, asHost: false, now: at }, pack);
          if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)} ${JSON.stringify(res.error)}`);
          snap = res.value.snapshot;
          log.push({ seq: i + 1, type: command.type, args: res.value.args, seat, asHost: false, actorUserId: `u${seat}`, at, nonce: `n${i}`, stateHashAfter: res.value.hash, irreversible: res.value.irreversible });
          const all = allDice(snap.state);
          expect(new Set(all).size).toBe(Object.keys(snap.state.dice.kinds).length);
          const view = JSON.stringify(comanautsGame.publicView(snap.state));
          if (!snap.state.enemies.some((e) => e.card === snap.state.primeEntity)) expect(view).not.toContain(`"${snap.state.primeEntity}"`);
        }
        expect(replay(comanautsGame, genesis, log, pack, { verify: 'every' })).toMatchObject({ ok: true });
      }),
      { numRuns: 15 },
    );
  });
});
