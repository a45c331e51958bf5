import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../cli/compose.ts';
import type { GameEvent, Json } from '../../core/index.ts';
import { decodeCustomId } from '../../discord/custom-id.ts';
import { hasText, pickLanguage, t } from '../../i18n/index.ts';
import { formatEvents, legalChoices, lineText, moveButtons, promptButtons, type Naming } from '../../discord/present.ts';
import type { ComaWardPack } from './content.ts';
import { comaWardGame } from './index.ts';
import { randomGame } from './random-play.ts';
import { drawnTexts } from './render.test-helper.ts';
import type { CwState } from './state.ts';

const catalog = await loadCatalog();
const packRef = catalog.packs('comaward');
const pack = packRef?.data as ComaWardPack;
const packText = await catalog.catalog.packText({ gameType: 'comaward', guildId: null, packId: packRef?.id ?? null, packVersion: packRef?.version ?? null, packHash: packRef?.hash ?? null });
const NAMES = ['Ana', 'Bruno', 'Carmen', 'Dario', 'Elena', 'Fede'];
const naming: Naming = { seatNames: NAMES, packText };
const ui = (code: string, lang: string, params?: Record<string, unknown>): string | undefined => (hasText(code) ? t(pickLanguage(lang), code, params) : undefined);
const both = (text: { en: string; es: string } | undefined): string[] => (text ? [text.en, text.es] : []);

/**
 * What must not show outside its owner, as strings (ids in JSON and key form, texts in both languages):
 * `everyone` for public outputs, `bySeat[s]` for what seat s must not see either.
 */
interface Secrets {
  readonly everyone: string[];
  readonly bySeat: string[][];
}

function secretsOf(s: CwState, epilogueRead: boolean): Secrets {
  const bySeat: string[][] = s.players.map(() => []);
  const everyone: string[] = [];
  const own: Set<string>[] = s.players.map(() => new Set());
  const hideFromOthers = (owner: number, values: readonly string[]): void => {
    everyone.push(...values);
    values.forEach((v) => own[owner]?.add(v));
    bySeat.forEach((list, seat) => seat !== owner && list.push(...values));
  };
  if (s.phase === 'prologue') {
    for (const p of s.players) {
      const quirk = pack.quirks.find((q) => q.id === p.quirk);
      if (quirk) hideFromOthers(p.seat, [`"${quirk.id}"`, `quirk.${quirk.id}.`, ...both(quirk.name), ...both(quirk.text)]);
    }
  }
  const ph = s.phenomenon;
  const card = ph ? pack.phenomena[ph.id] : undefined;
  if (ph && card && s.phase !== 'over') {
    for (const p of s.players) {
      const role = card.roles.find((r) => r.id === p.role);
      if (role) hideFromOthers(p.seat, [`role.${role.id}.`, ...both(role.text)]);
    }
  }
  if (ph && card && !ph.introRead) hideFromOthers(ph.narrator, [`"${ph.id}"`, ...both(card.name), ...both(card.intro)]);
  for (const [id, phenomenon] of Object.entries(pack.phenomena)) {
    for (const ending of phenomenon.endings) {
      if (epilogueRead && s.ending?.id === ending.id && ph?.id === id) continue;
      everyone.push(...both(ending.epilogue));
      bySeat.forEach((list) => list.push(...both(ending.epilogue)));
    }
  }
  const pend = s.pending;
  if (pend && (pend.kind === 'narrateSituation' || pend.kind === 'hallucinationChoice' || pend.kind === 'narrateResult')) {
    const [hid, version] = pend.card.split('/') as [string, string];
    const h = pack.hallucinations.find((x) => x.id === hid);
    const narrator = pend.kind === 'hallucinationChoice' ? pend.narrator : pend.seat;
    const results = Object.values(h?.versions.find((v) => v.id === version)?.results ?? {}).flatMap((r) => both(r.text));
    hideFromOthers(narrator, [`"${pend.card}"`, `hallucination.${hid}.version.${version}.`, ...results]);
    if (pend.kind === 'narrateSituation') hideFromOthers(narrator, both(h?.situation));
  }
  // Two seats may hold the same card (two of the woken): what a seat holds itself is no secret to it.
  return { everyone: [...new Set(everyone)], bySeat: bySeat.map((l, seat) => [...new Set(l)].filter((v) => !own[seat]?.has(v))) };
}

const events = (list: readonly GameEvent[], to: 'public' | number): GameEvent[] => list.filter((e) => e.to === to);

/** Everything that leaves the bot in public for a state and the events that led to it (no picture). */
function publicOutputs(s: CwState, told: readonly GameEvent[], seq: number): string {
  const view = comaWardGame.publicView(s);
  const out: string[] = [JSON.stringify(view), JSON.stringify(events(told, 'public'))];
  for (const lang of ['en', 'es'] as const) {
    out.push(formatEvents(events(told, 'public'), lang, NAMES, packText));
    const prompts = promptButtons('g1', seq, comaWardGame.prompts(s), lang, NAMES, packText);
    out.push(JSON.stringify(prompts.buttons.map((b) => [b.label, decodeCustomId(b.customId)])), prompts.note ?? '');
    for (const line of comaWardGame.describeView?.(view as Json) ?? []) out.push(lineText(lang, line, naming));
    const awaited = comaWardGame.awaiting(s).seats;
    for (const seat of awaited) {
      const commands = comaWardGame.legalCommands(s, seat);
      const legal = { seq, seat, commands, labels: commands.map((c) => comaWardGame.labelCommand?.(s, c, seat) ?? { code: c.type, rank: 0 }) };
      out.push(JSON.stringify(moveButtons(lang, 'comaward', 'g1', legal, naming, [], 24).map((b) => [b.label, decodeCustomId(b.customId)])));
    }
  }
  return out.join('\n');
}

/** What one seat receives: its DMs, its view, its /secrets, its autocomplete labels. */
function seatOutputs(s: CwState, told: readonly GameEvent[], seat: number, seq: number): string {
  const commands = comaWardGame.legalCommands(s, seat);
  const legal = { seq, commands, labels: commands.map((c) => comaWardGame.labelCommand?.(s, c, seat) ?? { code: c.type, rank: 0 }) };
  return [
    JSON.stringify(comaWardGame.viewFor(s, seat)),
    formatEvents(events(told, seat), 'en', NAMES, packText),
    formatEvents(events(told, seat), 'es', NAMES, packText),
    formatEvents(comaWardGame.secretsFor(s, seat), 'en', NAMES, packText),
    JSON.stringify(legalChoices('en', 'comaward', legal, '', naming)),
    JSON.stringify(legalChoices('es', 'comaward', legal, '', naming)),
  ].join('\n');
}

function expectNone(surface: string, secrets: readonly string[], where: string): void {
  for (const secret of secrets) if (secret.length > 0) expect(surface.includes(secret), `${where}: shows "${secret.slice(0, 60)}"`).toBe(false);
}

describe('Coma Ward leak test', () => {
  it('issue 16 "Proof" (§Quirk Cards, §Hallucination Cards, §Revealing the Phenomenon): GIVEN seeded random games WHEN every step is told THEN no quirk, role, unread hallucination result, unread phenomenon or epilogue reaches a public output (events in both languages, view, buttons and their custom ids, turn-message moves, alt text) or another seat (view, DMs, /secrets, autocomplete)', () => {
    let steps = 0;
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 5 }), fc.boolean(), (seed, players, hunt) => {
        let epilogueRead = false;
        randomGame(pack, seed, players, 500, (step) => {
          const s = step.after.state;
          epilogueRead ||= step.events.some((e) => e.code === 'comaward.ending.epilogue');
          // Secrets as they stood before the step too: a result read now was secret until this step's public text.
          const secrets = secretsOf(s, epilogueRead);
          const where = `seed ${seed}, step ${steps} ${step.command.type}`;
          expectNone(publicOutputs(s, step.events, step.index + 1), secrets.everyone, `public, ${where}`);
          for (let seat = 0; seat < players; seat++) expectNone(seatOutputs(s, step.events, seat, step.index + 1), secrets.bySeat[seat] ?? [], `seat ${seat}, ${where}`);
          for (const e of step.events) seen.add(e.code);
          steps += 1;
        }, {}, hunt ? 'clues' : 'uniform');
      }),
      { numRuns: 12, seed: 20_261_125 },
    );
    expect(steps).toBeGreaterThan(500);
    expect(seen).toContain('comaward.phenomenon.triggered');
    expect(seen).toContain('comaward.hallucination.drawn');
    expect(seen).toContain('comaward.hallucination.result');
  }, 240_000);

  it('issue 16 "The picture": GIVEN random games WHEN the table is drawn at moments with hidden information THEN no quirk, role, unread result, unread phenomenon or epilogue is among the picture\'s texts', async () => {
    let drawn = 0;
    for (const [seed, players] of [[21, 3], [34, 4], [55, 2]] as const) {
      const moments: { state: CwState; seq: number }[] = [];
      let epilogueRead = false;
      randomGame(pack, seed, players, 400, (step) => {
        epilogueRead ||= step.events.some((e) => e.code === 'comaward.ending.epilogue');
        if (step.after.state.pending !== null || step.index + 1 % 25 === 0 || step.after.state.phase !== 'prologue') moments.push({ state: step.after.state, seq: step.index + 1 });
      }, {}, 'clues');
      for (const { state } of moments.filter((_, i) => i % 6 === 0).slice(0, 8)) {
        const view = { seatNames: NAMES.slice(0, players), ...(comaWardGame.publicView(state) as object) };
        for (const locale of ['en', 'es']) {
          const { texts } = await drawnTexts(view, locale, pack, ui);
          expectNone(texts.map((d) => d.text).join('\n'), secretsOf(state, epilogueRead).everyone, `picture seed ${seed} (${locale})`);
          drawn += 1;
        }
      }
    }
    expect(drawn).toBeGreaterThan(10);
  }, 120_000);
});
