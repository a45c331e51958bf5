import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, type GameCommand, type Genesis, type Snapshot } from '../../core/index.ts';
import { altText, legalChoices, lineText, rankedLegal } from '../../discord/present.ts';
import { packText } from './content.ts';
import { adventureGame, type AdventureState } from './index.ts';
import { saltLantern } from './pack-fixture.test.ts';

const pack = saltLantern();
const naming = { seatNames: ['Alice', 'Bob'], packText: (key: string, lang: string) => packText(pack, key, lang) };

function start(seats: number): Snapshot<AdventureState> {
  const genesis: Genesis = { gameType: 'adventure', rulesVersion: '1', options: { characters: 2 }, seats: Array.from({ length: seats }, (_, index) => ({ index, name: naming.seatNames[index] as string })), seed: 3 };
  return genesisSnapshot(adventureGame, genesis, pack);
}

function act(snap: Snapshot<AdventureState>, seat: number, command: GameCommand): Snapshot<AdventureState> {
  const r = applyCommand(adventureGame, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
  if (!r.ok) throw new Error(r.error.code);
  return r.value.snapshot;
}

function labelled(snap: Snapshot<AdventureState>, seat: number) {
  const commands = adventureGame.legalCommands(snap.state, seat);
  return { seq: 0, seat, commands, labels: commands.map((c) => adventureGame.labelCommand?.(snap.state, c, seat) ?? { code: '', rank: 0 }) };
}

describe('adventure move labels (issue 15, "Say what I can do, in words")', () => {
  it('GIVEN the opening of a 2-player adventure WHEN every legal move is labelled in English and Spanish THEN each reads as words (room and card names), with no code, JSON or placeholder left', () => {
    const legal = labelled(start(2), 0);
    for (const lang of ['en', 'es'] as const) {
      const texts = legal.labels.map((l) => lineText(lang, l, naming));
      for (const text of texts) {
        expect(text).not.toMatch(/adventure\.|\{\{|[{}[\]"]|undefined/);
      }
      expect(texts).toContain(`${lang === 'en' ? 'Explore' : 'Explorar'} 101 · ${packText(pack, 'room.A', lang)}`);
    }
  });

  it('GIVEN a fresh turn WHEN the legal moves are ranked THEN exploring new places comes before hints and notes, and ending the turn comes first once the action is spent', () => {
    let snap = start(2);
    const before = labelled(snap, 0);
    const order = rankedLegal(before).map((i) => before.commands[i]?.type);
    expect(order[0]).toBe('explore');
    expect(order.indexOf('explore')).toBeLessThan(order.indexOf('hint') === -1 ? Infinity : order.indexOf('hint'));
    expect(order.at(-1)).toBe('note');
    snap = act(snap, 0, { type: 'explore', args: { location: 101 } });
    const after = labelled(snap, 0);
    expect(after.commands[rankedLegal(after)[0] as number]?.type).toBe('endTurn');
  });

  it('GIVEN more legal moves than Discord shows WHEN /play suggests them THEN 24 are offered in rank order and the last place says how many more there are and to type to narrow', () => {
    const legal = labelled(start(2), 0);
    const many = { ...legal, commands: [...legal.commands, ...legal.commands, ...legal.commands], labels: [...legal.labels, ...legal.labels, ...legal.labels] };
    expect(many.commands.length).toBeGreaterThan(25);
    const choices = legalChoices('en', 'adventure', many, '', naming);
    expect(choices).toHaveLength(25);
    expect(choices.at(-1)).toEqual({ name: `…and ${many.commands.length - 24} more: type to narrow the list`, value: 'more' });
    expect(legalChoices('es', 'adventure', many, '', naming).at(-1)?.name).toBe(`…y ${many.commands.length - 24} más: escribe para acotar la lista`);
    const narrowed = legalChoices('en', 'adventure', many, 'jetty', naming).filter((c) => c.value !== 'more');
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.every((c) => /Jetty/.test(c.name))).toBe(true);
  });

  it('GIVEN a solo adventure with two characters WHEN the first character ends the turn THEN the awaited seat stays the same but the turn changes, so a new table picture and turn message follow', () => {
    let snap = start(1);
    const first = adventureGame.awaiting(snap.state);
    snap = act(snap, 0, { type: 'endTurn', args: {} });
    const second = adventureGame.awaiting(snap.state);
    expect(second.seats).toEqual(first.seats);
    expect(second.turn).not.toBe(first.turn);
  });

  it('GIVEN the public view WHEN described for the alt text THEN it names the chapter, whose turn it is, the rooms and each character in words, in both languages', () => {
    const view = adventureGame.publicView(start(2).state);
    const lines = adventureGame.describeView?.(view) ?? [];
    const en = lines.map((l) => lineText('en', l, naming)).join(' ');
    const es = lines.map((l) => lineText('es', l, naming)).join(' ');
    expect(en).toMatch(/chapter 1 of 2: The Drowned Harbour/);
    expect(en).toMatch(/\(Alice\) is taking a turn/);
    expect(en).toMatch(/Room The Jetty, with 6 locations: Mooring post\. Upturned rowing boat\./);
    expect(es).toMatch(/capítulo 1 de 2/);
    expect(`${en} ${es}`).not.toMatch(/\{\{|adventure\.|place\./);
  });

  it('GIVEN Salt Lantern 1.1.0, which names its locations, WHEN a character explores one and the table is described THEN the alt text names where the character stands and which places are explored, by name, in English and Spanish', () => {
    const view = adventureGame.publicView(act(start(2), 0, { type: 'explore', args: { location: 101 } }).state);
    const lines = adventureGame.describeView?.(view) ?? [];
    const [en, es] = (['en', 'es'] as const).map((lang) => altText(lines.map((l) => lineText(lang, l, naming))));
    expect(en).toMatch(/\(Alice\) stands at Mooring post in The Jetty;/);
    expect(en).toMatch(/with 6 locations: Mooring post, explored\. Upturned rowing boat\. Harbour bell\. Crate of old nets\. End of the jetty\. Path to the shed\.$/);
    expect(es).toMatch(/\(Alice\) está en Noray, en El embarcadero;/);
    expect(es).toMatch(/con 6 lugares: Noray, explorado\. Bote bocabajo\. Campana del puerto\./);
    expect(`${en} ${es}`).not.toMatch(/\b10[1-6]\b|place\.|location\./);
  });

  it('GIVEN Salt Lantern 1.0.0, which names no location, WHEN the same table is described THEN every location falls back to its number, in English and Spanish', () => {
    const old = saltLantern('1.0.0');
    const oldNaming = { ...naming, packText: (key: string, lang: string) => packText(old, key, lang) };
    const genesis: Genesis = { gameType: 'adventure', rulesVersion: '1', options: { characters: 2 }, seats: [{ index: 0, name: 'Alice' }, { index: 1, name: 'Bob' }], seed: 3 };
    const explored = applyCommand(adventureGame, genesisSnapshot(adventureGame, genesis, old), { type: 'explore', args: { location: 101 } }, { seat: 0, asHost: false, now: '2026-01-01T00:00:00.000Z' }, old);
    if (!explored.ok) throw new Error(explored.error.code);
    const lines = adventureGame.describeView?.(adventureGame.publicView(explored.value.snapshot.state)) ?? [];
    const [en, es] = (['en', 'es'] as const).map((lang) => altText(lines.map((l) => lineText(lang, l, oldNaming))));
    expect(en).toMatch(/\(Alice\) stands at 101 in The Jetty;/);
    expect(en).toMatch(/with 6 locations: 101, explored\. 102\. 103\. 104\. 105\. 106\.$/);
    expect(es).toMatch(/\(Alice\) está en 101, en El embarcadero;/);
    expect(es).toMatch(/con 6 lugares: 101, explorado\. 102\. 103\. 104\. 105\. 106\.$/);
    expect(`${en} ${es}`).not.toMatch(/place\.|location\./);
  });
});
