import { describe, expect, it } from 'vitest';
import { draftCopy, type GameCommand, type Json } from '../../core/index.ts';
import { choiceButtons, lineText, moveButtons, promptButtons, type Naming } from '../../discord/present.ts';
import { hasText, pickLanguage, t } from '../../i18n/index.ts';
import { MIN_PREVIEW_PX, measure } from '../../render/legibility.test-helper.ts';
import { packText } from './content.ts';
import { lifeformGame } from './index.ts';
import { playRandom } from './play.test-helper.ts';
import { privately } from './private.ts';
import { renderLifeform, WIDTH } from './render.ts';
import { act, arrange, pack, setUp, lifeformActivity } from './scenario.test-helper.ts';
import type { LifeformState } from './state.ts';

const ui = (code: string, lang: string, params?: Record<string, unknown>): string | undefined => (hasText(code) ? t(pickLanguage(lang), code, params) : undefined);
const names = ['Ana', 'Bea', 'Cid', 'Dot'];
const naming: Naming = { seatNames: names, packText: (k, l) => packText(pack, k, l) };

/** The lifeform's activity in a 2-player game: seat 1's two characters in the Galley, the real image next door. */
function lifeformTurn(): LifeformState {
  return lifeformActivity(setUp(2), ['lunge.1', 'shrug.1', 'cut-off.1']);
}

function labelled(s: LifeformState, seat: number): { seq: number; seat: number; commands: GameCommand[]; labels: ReturnType<NonNullable<typeof lifeformGame.labelCommand>>[] } {
  const commands = [...lifeformGame.legalCommands(s, seat)];
  return { seq: 5, seat, commands, labels: commands.map((c) => lifeformGame.labelCommand?.(s, c, seat) as never) };
}

/** Everything the channel shows of a state: the picture's alt text and the turn message's buttons (labels and custom ids). */
function channel(s: LifeformState): string {
  const awaited = lifeformGame.awaiting(s).seats;
  const prompts = lifeformGame.prompts(s);
  const promptCommands = prompts.flatMap((p) => p.options.map((o) => o.command));
  const moves = awaited.length === 1 ? moveButtons('en', 'lifeform', 'g1', labelled(s, awaited[0] as number), naming, promptCommands, 24) : [];
  const alt = (lifeformGame.describeView?.(lifeformGame.publicView(s)) ?? []).map((l) => lineText('en', l, naming));
  return JSON.stringify({ alt, prompts: promptButtons('g1', 5, prompts, 'en', names, naming.packText).buttons, moves });
}

describe('lifeform on Discord: what each player is told in private (issue 17 "Hidden information on Discord")', () => {
  it('Rules §ATTACK, §CREW REACTIONS: GIVEN the real lifeform attacks WHEN the reaction window opens THEN the crew player asked, and only they, gets their own reactions as DM buttons with "No reaction" among them', () => {
    const s = lifeformTurn();
    const row = act(s, 0, 'play', { card: 'lunge.1', row: 0 }).state;
    const attacked = act(row, 0, 'act', { i: 0, chamber: 'galley' }).state;
    const owed = privately(row, attacked);
    expect(owed.choices).toEqual([1]);
    const buttons = choiceButtons('en', 'lifeform', 'g1', labelled(attacked, 1), naming).buttons.map((b) => b.label);
    expect(buttons[0]).toBe('No reaction');
    expect(buttons.some((b) => b.includes('Duck'))).toBe(true);
    expect(buttons.length).toBeLessThanOrEqual(25);
    // The public turn message offers "No reaction" but never a reaction card.
    expect(channel(attacked)).not.toMatch(/Duck|Bolt|Prod/i);
  });

  it('Rules §LIFEFORM REACTIONS: GIVEN a SHOCK-PROD reaction WHEN the lifeform is asked THEN it alone gets its cancel as a DM button, and the channel shows only "Let it stand", whether or not it holds a cancel', () => {
    const s = lifeformTurn();
    const row = act(s, 0, 'play', { card: 'lunge.1', row: 0 }).state;
    const attacked = act(row, 0, 'act', { i: 0, chamber: 'galley' }).state;
    const played = act(attacked, 1, 'react', { card: 'prod.1', who: attacked.characters[0]?.id }).state;
    expect(privately(attacked, played).choices).toEqual([0]);
    const dm = choiceButtons('en', 'lifeform', 'g1', labelled(played, 0), naming).buttons.map((b) => b.label);
    expect(dm.some((b) => /Shrug|cancel/i.test(b))).toBe(true);
    const without = arrange(played, (d) => (d.lfHand = ['lunge.2', 'cut-off.1']));
    expect(channel(without)).toBe(channel(played));
  });

  it('Rules §REALITY CALIBRATION: GIVEN random legal games WHEN any command is played THEN a private picture goes to the lifeform seat alone, exactly when its turn or answer is over after the calibration, and choice buttons only to seats awaited', () => {
    for (const seed of [3, 17, 29]) {
      const { steps } = playRandom(pack, seed, 2 + (seed % 3), [0, 5, 9, 14, 2, 33, 7], 160);
      let pictures = 0;
      steps.forEach((step, i) => {
        if (i === 0) return;
        const before = (steps[i - 1] as { state: LifeformState }).state;
        const owed = privately(before, step.state);
        const lf = step.state.lifeformSeat;
        const was = lifeformGame.awaiting(before).seats;
        const now = lifeformGame.awaiting(step.state).seats;
        const expected = step.state.real !== null && step.state.outcome === null && was.includes(lf) && !now.includes(lf);
        expect(owed.pictures).toEqual(expected ? [lf] : []);
        pictures += owed.pictures.length;
        for (const seat of owed.choices) expect(now).toContain(seat);
      });
      expect(pictures).toBeGreaterThan(0);
    }
  });

  it('issue 17 §Hidden information: GIVEN the same table with another real image, stowaway choice or lifeform hand WHEN the channel is drawn THEN the public picture, its alt text and every button label and custom id are the same', async () => {
    const { steps } = playRandom(pack, 11, 3, [0, 3, 8, 15, 22, 29, 36, 1, 50], 200);
    const chosen = steps.map((x) => x.state).filter((x) => x.real !== null && x.images.filter((i) => i !== null).length > 1 && !x.stack.some((k) => k.k === 'attack'));
    expect(chosen.length).toBeGreaterThan(2);
    for (const s of [chosen[0], chosen[Math.floor(chosen.length / 2)], chosen.at(-1)] as LifeformState[]) {
      const other = draftCopy(s);
      other.real = s.images.findIndex((at, i) => at !== null && i !== s.real);
      other.stowaway = Object.keys(s.board.stowaways).find((c) => c !== s.stowaway) ?? null;
      other.lfHand = [...s.lfDeck].slice(0, s.lfHand.length);
      expect(channel(other)).toBe(channel(s));
      const a = await renderLifeform(lifeformGame.publicView(s) as never, pack, 'en', ui);
      const b = await renderLifeform(lifeformGame.publicView(other) as never, pack, 'en', ui);
      expect(a.equals(b)).toBe(true);
      // A crew player's own view draws the same picture as the channel's: their secrets are not on the table.
      const crew = await renderLifeform(lifeformGame.viewFor(s, s.crewSeats[0] as number) as never, pack, 'en', ui);
      expect(crew.equals(a)).toBe(true);
    }
  }, 60_000);

  it('issue 17 §Hidden information on Discord: GIVEN the lifeform seat\'s own view WHEN drawn THEN the real image is marked and its hand and stowaway choice are listed, in English and Spanish, legible at 550 px', async () => {
    const s = arrange(setUp(3), (d) => {
      d.stowaway = Object.keys(d.board.stowaways)[0] ?? null;
      d.lfHand = ['lunge.1', 'shrug.1'];
    });
    const view = { ...(lifeformGame.viewFor(s, s.lifeformSeat) as Record<string, Json>), seatNames: names.slice(0, 3) };
    for (const lang of ['en', 'es']) {
      const m = await measure(() => renderLifeform(view as never, pack, lang, ui), WIDTH);
      const drawn = m.texts.map((x) => x.text).join('\n');
      expect(drawn).toContain(ui('lf.render.realImage', lang, { image: s.real }));
      expect(drawn).toContain(packText(pack, 'lifeform.card.lunge.name', lang) as string);
      expect(drawn).toContain(packText(pack, `stowaway.${s.stowaway}.name`, lang) as string);
      expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
      expect(m.truncated).toEqual([]);
      expect(m.overflows).toEqual([]);
      expect(m.overlaps).toEqual([]);
    }
  }, 60_000);
});
