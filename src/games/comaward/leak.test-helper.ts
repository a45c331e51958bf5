import type { ComaWardPack, Text } from './content.ts';
import type { CwState } from './state.ts';

export interface Secret {
  /** The seat allowed to see it (null: nobody yet). */
  readonly owner: number | null;
  readonly values: readonly string[];
}

const both = (t: Text | undefined): string[] => (t ? [t.en, t.es] : []);

/**
 * Every secret of a state as strings that must not show where its owner is not: unrevealed quirks, roles
 * before the end, the unread hallucination card (to its narrator only), the unread phenomenon (to its
 * narrator only), and every epilogue that has not fired (to nobody).
 */
export function secretsOf(s: CwState, pack: ComaWardPack): Secret[] {
  const out: Secret[] = [];
  for (const p of s.players) {
    if (p.quirk) {
      const q = pack.quirks.find((x) => x.id === p.quirk);
      out.push({ owner: p.seat, values: [`"${p.quirk}"`, `quirk.${p.quirk}.`, ...both(q?.name), ...both(q?.text)] });
    }
    if (p.role && s.phase !== 'over' && s.phenomenon) {
      const r = pack.phenomena[s.phenomenon.id]?.roles.find((x) => x.id === p.role);
      out.push({ owner: p.seat, values: [`"${p.role}"`, `.role.${p.role}.`, ...both(r?.text)] });
    }
  }
  const pend = s.pending;
  if (pend && (pend.kind === 'narrateSituation' || pend.kind === 'hallucinationChoice' || pend.kind === 'narrateResult')) {
    const [hid, version] = pend.card.split('/') as [string, string];
    const h = pack.hallucinations.find((x) => x.id === hid);
    const v = h?.versions.find((x) => x.id === version);
    const narrator = pend.kind === 'hallucinationChoice' ? pend.narrator : pend.seat;
    const results = Object.values(v?.results ?? {}).flatMap((r) => both(r.text));
    out.push({ owner: narrator, values: [pend.card, `hallucination.${hid}.version.${version}.`, ...results] });
    if (pend.kind === 'narrateSituation') out.push({ owner: narrator, values: [`hallucination.${hid}.situation`, ...both(h?.situation)] });
  }
  const ph = s.phenomenon;
  if (ph && !ph.introRead) {
    const def = pack.phenomena[ph.id];
    out.push({ owner: ph.narrator, values: [`"${ph.id}"`, `phenomenon.${ph.id}.`, ...both(def?.intro), ...both(def?.name)] });
  }
  for (const def of Object.values(pack.phenomena)) {
    for (const e of def.endings) {
      if (s.ending && s.phenomenon?.id === def.id && s.ending.id === e.id) continue;
      out.push({ owner: null, values: [`.ending.${e.id}.epilogue`, ...both(e.epilogue)] });
    }
  }
  return out;
}
