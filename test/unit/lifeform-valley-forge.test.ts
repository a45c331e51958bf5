import { describe, expect, it } from 'vitest';
import type { AbilityEffect, LifeformPack, TerrorEffect } from '../../src/games/lifeform/content.ts';
import { loadValleyForge } from '../../src/games/lifeform/fixture.test-helper.ts';

/*
 * The Valley Forge pack against the facts of the rules summary (pages 1–7) and against its own texts:
 * every effect a text carries must be said in words, in English and in Spanish, so a player reading the
 * card knows what it does. The schema (src/games/lifeform/content.ts) checks the shape; this checks the
 * content.
 */

const pack: LifeformPack = await loadValleyForge();
type Lang = 'en' | 'es';

/** Words a text must contain for each effect it carries, per language. */
const EFFECT_WORDS: Record<TerrorEffect['op'], Record<Lang, RegExp>> = {
  selfDestruct: { en: /self-destruct tracker/, es: /marcador de autodestrucción/ },
  malfunction: { en: /malfunction tracker/, es: /marcador de avería/ },
  hostility: { en: /hostility tracker/, es: /marcador de hostilidad/ },
  lifeformDraws: { en: /lifeform draws/, es: /forma de vida roba/ },
  crewDiscards: { en: /[Dd]iscard .* at random/, es: /[Dd]escarta .* al azar/ },
  crewDraws: { en: /[Dd]raws? (one|two) crew card/, es: /[Rr]oba(s)? (una|dos)/ },
};

const NUMBER: Record<Lang, readonly string[]> = { en: ['', 'one', 'two', 'three', 'four'], es: ['', 'una', 'dos', 'tres', 'cuatro'] };

/** Words an ability, cat or SIS-TER text must contain for each icon it executes, per language. */
const ICON_WORDS: Record<string, Record<Lang, RegExp>> = {
  move: { en: /moves one chamber/, es: /se mueve a una sala contigua/ },
  run: { en: /runs \(one or two moves/, es: /corre \(uno o dos movimientos/ },
  explore: { en: /explores/, es: /explora/ },
  circuit: { en: /circuit board/, es: /panel de circuitos/ },
  draw2: { en: /[Dd]raws? two crew cards/, es: /[Rr]oba(s)? dos cartas de tripulación/ },
  securityDoor: { en: /security door, full lock up/, es: /puerta de seguridad, con el cierre completo/ },
  missionMaintenance: { en: /mission token is added to Maintenance/, es: /ficha de misión a Mantenimiento/ },
  missionSister: { en: /SIS-TER interface/, es: /interfaz SIS-TER/ },
  swapImages: { en: /[Ss]wap the places of two or three lifeform images/, es: /ntercambia(s)? las posiciones de dos o tres imágenes/ },
  shockProdAndroid: { en: /android status tracker advances/, es: /estado del androide avanza/ },
  selfDestructBack: { en: /self-destruct tracker back one space/, es: /Retrocede una casilla el marcador de autodestrucción/ },
  scare: { en: /lifeform image in a chamber next to the cat/, es: /imagen de la forma de vida en una sala contigua al gato/ },
};

function abilityWords(effect: AbilityEffect, lang: Lang): RegExp[] {
  switch (effect.op) {
    case 'draw':
      return [lang === 'en' ? new RegExp(`draws? ${NUMBER.en[effect.n] ?? '?'} crew card`) : new RegExp(`roba(s)? ${NUMBER.es[effect.n] ?? '?'} carta`)];
    case 'ignorePanic':
      return [lang === 'en' ? /panic moves/ : /movimientos de pánico/];
    case 'fearless':
      return [lang === 'en' ? /no terror card is drawn/ : /no se roba carta de terror/];
    case 'actions':
      return effect.icons.map((i) => ICON_WORDS[i]?.[lang] ?? /^$/);
  }
}

describe('Valley Forge pack content', () => {
  it('§SHOWDOWN STAGE: GIVEN the crew deck WHEN its showdown icons are counted THEN all five appear, the harpoon on crew cards only', () => {
    const crewIcons = new Set(pack.crew.flatMap((c) => c.showdown));
    expect([...crewIcons].sort()).toEqual(['acid', 'bite', 'claw', 'harpoon', 'tail']);
    expect(pack.lifeform.cards.flatMap((c) => c.showdown as string[])).not.toContain('harpoon');
    for (const card of [...pack.crew.filter((c) => c.special === null), ...pack.lifeform.cards]) expect(card.showdown.length).toBeGreaterThan(0);
  });

  it('§CREW REACTIONS and §LIFEFORM REACTIONS: GIVEN both decks WHEN counted THEN each crew reaction and each lifeform cancel is in its deck, a reaction card still has a row of actions', () => {
    const copies = (reaction: string, cards: readonly { reaction: string | null; copies: number }[]): number => cards.filter((c) => c.reaction === reaction).reduce((a, c) => a + c.copies, 0);
    for (const r of ['hide', 'run', 'shockProd']) expect(copies(r, pack.crew)).toBeGreaterThanOrEqual(3);
    for (const r of ['runCancel', 'shockProdCancel']) expect(copies(r, pack.lifeform.cards)).toBeGreaterThanOrEqual(2);
    for (const c of [...pack.crew, ...pack.lifeform.cards].filter((x) => x.reaction !== null)) expect(c.rows.length).toBeGreaterThan(0);
  });

  it('§SETUP: GIVEN the crew cards WHEN the deck is built THEN the Mining Laser and the Flamethrower stay out of it, and the Flamethrower carries the three FLAMETHROWER actions', () => {
    expect(pack.crew.filter((c) => c.special !== null).map((c) => c.special).sort()).toEqual(['flamethrower', 'miningLaser']);
    const flamethrower = pack.crew.find((c) => c.special === 'flamethrower');
    expect(flamethrower?.rows.flat().sort()).toEqual(['flamethrower', 'flamethrowerAndroid', 'flamethrowerCocoon']);
  });

  it('§PANIC MOVE: GIVEN the ten characters WHEN their abilities are read THEN only Motoko may ignore panic moves, on both sides of her sheet', () => {
    const ignoring = pack.characters.filter((c) => [c.sides.duo, c.sides.group].some((s) => s.skill.effect.op === 'ignorePanic' || s.survival.effect.op === 'ignorePanic'));
    expect(ignoring.map((c) => c.id)).toEqual(['motoko']);
    const motoko = ignoring[0];
    expect([motoko?.sides.duo.skill.effect.op, motoko?.sides.group.skill.effect.op]).toEqual(['ignorePanic', 'ignorePanic']);
  });

  it('§ACTIVATE SKILL and §SURVIVAL: GIVEN every character sheet side WHEN its ability texts are read THEN each says in English and Spanish what its effect does, and whether it is one use or ongoing', () => {
    for (const c of pack.characters) {
      for (const side of ['duo', 'group'] as const) {
        for (const kind of ['skill', 'survival'] as const) {
          const a = c.sides[side][kind];
          const ongoing = a.effect.op === 'ignorePanic' || a.effect.op === 'fearless';
          for (const lang of ['en', 'es'] as const) {
            const where = `${c.id} ${side} ${kind} (${lang}): ${a.text[lang]}`;
            expect(a.text[lang], where).toMatch(ongoing ? (lang === 'en' ? /^Ongoing once activated:/ : /^Permanente una vez activada:/) : lang === 'en' ? /^One use:/ : /^Un solo uso:/);
            for (const words of abilityWords(a.effect, lang)) expect(a.text[lang], where).toMatch(words);
          }
        }
      }
    }
  });

  it('§CHARACTER MEETS TERROR: GIVEN every terror card WHEN its text is read THEN each of its effects is said in words in both languages', () => {
    expect(pack.terror.length).toBeGreaterThanOrEqual(10);
    for (const t of pack.terror) {
      for (const e of t.effects) {
        for (const lang of ['en', 'es'] as const) expect(t.text[lang], `${t.id} ${e.op} (${lang})`).toMatch(EFFECT_WORDS[e.op][lang]);
      }
    }
  });

  it('§SETUP (secret objectives): GIVEN the objectives WHEN read THEN a job names its chamber and that the Remora waits for it; a "decide immediately" card offers a real choice, each option saying its effects', () => {
    const SHORT: Record<string, Record<Lang, string>> = { 'sister-interface': { en: 'SIS-TER interface', es: 'interfaz SIS-TER' } };
    const chamberName = (id: string, lang: Lang): string => SHORT[id]?.[lang] ?? pack.ship.chambers.find((c) => c.id === id)?.name[lang] ?? id;
    for (const o of pack.objectives) {
      if (o.chamber !== null) {
        const chamber = o.chamber;
        expect(o.text.en).toContain('the Remora cannot launch');
        expect(o.text.es).toContain('la Remora no puede despegar');
        for (const lang of ['en', 'es'] as const) expect(o.text[lang].toLowerCase(), `${o.id} (${lang})`).toContain(chamberName(chamber, lang).toLowerCase());
        continue;
      }
      expect(o.decide.length).toBeGreaterThanOrEqual(2);
      expect(new Set(o.decide.map((d) => JSON.stringify(d.effects))).size).toBe(o.decide.length);
      for (const d of o.decide) for (const e of d.effects) for (const lang of ['en', 'es'] as const) expect(d.text[lang], `${o.id} ${e.op} (${lang})`).toMatch(EFFECT_WORDS[e.op][lang]);
    }
  });

  it('§ENDING B: GIVEN the three stowaway cards WHEN their ranges are laid side by side THEN they cover the minutes 1 to 9 once each, and the 1–2 minute card is the one kept for the showdown', () => {
    const minutes = pack.stowaways.flatMap((s) => Array.from({ length: s.max - s.min + 1 }, (_, i) => s.min + i)).sort((a, b) => a - b);
    expect(minutes).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const kept = pack.stowaways.filter((s) => s.keep);
    expect(kept.map((s) => [s.min, s.max])).toEqual([[1, 2]]);
    expect(kept[0]?.showdown.length).toBeGreaterThan(0);
  });

  it('§THE SHIP\'S CAT and §THE SIS-TER MAINFRAME: GIVEN the role cards WHEN read THEN each text says what its icons do, and only the cat scares an image', () => {
    for (const role of ['cat', 'sister'] as const) {
      for (const card of pack.roles[role].cards) {
        for (const icon of card.icons) for (const lang of ['en', 'es'] as const) expect(card.text[lang], `${role} ${card.id} ${icon} (${lang})`).toMatch(ICON_WORDS[icon]?.[lang] ?? /^$/);
      }
    }
    expect(pack.roles.sister.cards.flatMap((c) => c.icons)).not.toContain('scare');
  });

  it('§LIFEFORM ENDGAME: GIVEN the three endings WHEN read THEN A says the crew wins, B how the stowaway card decides, C that the showdown follows; in both languages', () => {
    expect(pack.endings.a.en).toContain('The crew wins');
    expect(pack.endings.a.es).toContain('Gana la tripulación');
    expect(pack.endings.b.en).toMatch(/stowaway card.*range.*showdown.*crew wins/s);
    expect(pack.endings.b.es).toMatch(/carta de polizón.*intervalo.*enfrentamiento final.*gana la tripulación/s);
    expect(pack.endings.c.en).toMatch(/showdown begins/);
    expect(pack.endings.c.es).toMatch(/empieza el enfrentamiento final/);
  });
});
