import { z } from 'zod';
import { lifeformIcons, loadoutColumns } from './content.ts';

const id = z.string().min(1).max(64);
const image = z.number().int().min(0).max(2);
const path = z.array(id).min(1).max(3);
const link = z.tuple([id, id]);
const fight = z.enum(['claw', 'bite', 'tail', 'acid']);

/** The arguments of one action of a row (crew-actions.ts `Choice`, lifeform-actions.ts `LfChoice`). */
const choice = {
  who: id.optional(),
  to: path.optional(),
  image: image.optional(),
  images: z.array(image).min(2).max(3).optional(),
  link: link.optional(),
  chamber: id.optional(),
  objective: id.optional(),
  column: z.enum(loadoutColumns).optional(),
  data: z.union([z.literal(true), z.enum(['claw', 'bite', 'tail', 'acid'])]).optional(),
  ability: z.enum(['androidKill', 'moveAlien3', 'hullBreach']).optional(),
  /** Solo FLAMETHROWER: the lifeform two spaces back on the motion track. */
  lifeform: z.literal(true).optional(),
};

/** One schema per command type (issue 17 "Commands"); which are legal now is `legalCommands`. */
export const lifeformCommandSchemas = {
  /** §SETUP: two of the three character disks offered, chosen in secret. */
  pick: z.strictObject({ characters: z.tuple([id, id]) }),
  /** §SETUP power outages, the malfunction track's outage, and the loadout/cocoon tasks placing tokens. */
  outage: z.strictObject({ chamber: id }),
  /** Terror tokens: at setup on C deck, from the self-destruct and hostility tracks. */
  terror: z.strictObject({ chamber: id }),
  /** Declines an optional token (the self-destruct track's terror icon). */
  skip: z.strictObject({}),
  /** §SETUP images in start chambers; the cocoon track's third image in a vent chamber. */
  image: z.strictObject({ chamber: id }),
  /** §REALITY CALIBRATION. */
  calibrate: z.strictObject({ image }),
  /** A "decide immediately" objective's choice. */
  decide: z.strictObject({ option: z.number().int().min(0).max(2) }),
  /** §STEP 1: a non-hidden character collects a mission token onto a loadout column. */
  collect: z.strictObject({ who: id, column: z.enum(loadoutColumns) }),
  equip: z.strictObject({ n: z.union([z.literal(2), z.literal(3)]) }),
  /** Play a crew card (crew seat) or a lifeform card (lifeform seat), choosing a row. */
  play: z.strictObject({ card: id, row: z.number().int().min(0).max(2) }),
  skill: z.strictObject({ who: id }),
  heat: z.strictObject({}),
  laser: z.strictObject({ who: id, image: image.optional(), android: z.literal(true).optional(), to: id.optional() }),
  cell: z.strictObject({ card: id, mode: z.enum(['electrify', 'bulkhead']), to: z.array(id).max(3).optional(), link: link.optional() }),
  /** Ends a turn with nothing to do (crew aboard the Remora, a role seat, or a lifeform with no legal activity). */
  pass: z.strictObject({}),
  /** One action of the row being resolved. */
  act: z.strictObject({ i: z.number().int().min(0).max(3), ...choice }),
  /** The next part of a MOVE for two, a RUN! or a multi-image move. */
  step: z.strictObject({ who: id.optional(), image: image.optional(), to: id }),
  stop: z.strictObject({}),
  discard: z.strictObject({ card: id }),
  lurk: z.strictObject({ discard: z.array(id).max(3) }),
  vent: z.strictObject({}),
  react: z.strictObject({ card: id, who: id, to: path.optional() }),
  noReaction: z.strictObject({}),
  counter: z.strictObject({ card: id }),
  allow: z.strictObject({}),
  noise: z.strictObject({ noisy: z.boolean() }),
  panic: z.strictObject({ who: id, to: id.optional() }),
  control: z.strictObject({ character: id.optional(), role: z.enum(['cat', 'sister']).optional() }),
  ghost: z.strictObject({ image, to: id }),
  remove: z.strictObject({ image }),
  stowaway: z.strictObject({ card: id }),
  unpower: z.strictObject({ chamber: id }),
  shiftOutage: z.strictObject({ chamber: id, to: id }),
  unmission: z.strictObject({ chamber: id }),
  strip: z.strictObject({ column: z.enum(loadoutColumns) }),
  android: z.strictObject({ to: id.optional(), link: link.optional() }),
  launch: z.strictObject({}),
  /** §THE SHIP'S CAT: placed in a vent chamber, one move a turn, its cards, aboard the Remora. */
  cat: z.strictObject({ chamber: id }),
  catMove: z.strictObject({ to: id }),
  catAboard: z.strictObject({}),
  /** A ship's cat or SIS-TER card from the face-up supply (`image`/`to` for a scare). */
  roleCard: z.strictObject({ card: id, image: image.optional(), to: id.optional() }),
  /** Moves a token one space on the role board (a trigger space gives a card back). */
  roleToken: z.strictObject({ track: z.number().int().min(0).max(1) }),
  /**
   * §SHOWDOWN STAGE: hibernation cards for the surviving crew. Rules 2: `split`, the crew's one choice of how
   * many each survivor takes (in seat order); rules 1: `seat`, one card at a time.
   */
  share: z.strictObject({ seat: z.number().int().min(0).max(3).optional(), split: z.array(z.number().int().min(0).max(20)).min(1).max(3).optional() }),
  /** The lifeform keeps one of the cards drawn for the energy column. */
  keep: z.strictObject({ card: id }),
  target: z.strictObject({ seat: z.number().int().min(0).max(3) }),
  fight: z.strictObject({ card: id, tokens: z.number().int().min(0).max(9), stowaway: z.boolean() }),
  cancel: z.strictObject({ item: z.enum(['halon', 'remora', 'laser']) }),
  face: z.strictObject({}),
  drop: z.strictObject({ icon: z.string().min(1).max(16) }),
  match: z.strictObject({ card: id }),
  data: z.strictObject({ icon: z.string().min(1).max(16) }),
  sacrifice: z.strictObject({ who: id }),
  /** Rules 2: the ship's cat player removes the cat to match one fight icon. */
  catMatch: z.strictObject({}),
  /** Rules 2: a seat that may help the target in this fight declines to. */
  noHelp: z.strictObject({}),
  /** The target gives up matching (rules 2: the fight then waits for the helpers still open). */
  yield: z.strictObject({}),
  /** §OPTIONAL: EVOLUTION TOKEN: keep one of the pair reached on the cocoon track. */
  keepEvolution: z.strictObject({ icon: z.enum(lifeformIcons) }),
  /** Spend a kept evolution token: its icon joins the row of the lifeform card being played. */
  addEvolution: z.strictObject({ icon: z.enum(lifeformIcons) }),
  /** Spend a kept evolution token to cancel the crew reaction waiting for the lifeform's answer. */
  cancelEvolution: z.strictObject({ icon: z.enum(lifeformIcons) }),
  agree: z.strictObject({ yes: z.boolean() }),
  /** 13th Passenger, Mod D: the lifeform's secret shuttlecraft location and where its two hostility tokens lie. */
  hide: z.strictObject({ location: id, tokens: id }),
  /** Mod D, LIFEFORM REVEAL: a location the lifeform is not hiding in. */
  reveal: z.strictObject({ location: id }),
  /** Mod D, SEARCH: a location searched by one of the seat's characters, or by a halon gas blast. */
  search: z.strictObject({ location: id, by: id }),
  /** Mod D: the crew keep their halon gas blast (no search). */
  noSearch: z.strictObject({}),
  /** Mod D: the lifeform hidden unsearched in the Engineering Compartment kills one crew member. */
  kill: z.strictObject({ character: id }),
  /** Dragon's Domain (solo/): the one character, chosen first. */
  soloPick: z.strictObject({ character: id }),
  /** WAIT: the lifeform one space along the motion track. */
  wait: z.strictObject({}),
  /** A crisis card's option (0 = A). */
  crisis: z.strictObject({ option: z.number().int().min(0).max(2) }),
  /** Pays the next icon of the chosen option: a card carrying it, or a trait (by area) with any card. */
  pay: z.strictObject({ card: id, trait: id.optional() }),
  /** Where the lifeform goes at a fork of the motion track. */
  path: z.strictObject({ to: id }),
  /** One space less for an advance: a survival token or a SECURITY DOOR card (lifeform), a 30 SECOND token (self-destruct). */
  reduce: z.strictObject({ card: id.optional(), token: z.enum(['survival', 'thirtySecond']).optional() }),
  /** A way out of a proximity conflict: a HIDE / SHOCK-PROD / RUN! or harpoon card, or a fire extinguisher or harpoon token. */
  proximity: z.strictObject({ card: id.optional(), token: z.enum(['fireExtinguisher', 'harpoon']).optional() }),
  /** ELUDING THE STAR-BEAST: the cards discarded (three, two in ISOLATION MODE). */
  elude: z.strictObject({ cards: z.array(id).min(2).max(3) }),
  /** A trait token: draw four keep one (free action), or a terror token met removed. */
  trait: z.strictObject({ area: id, use: z.enum(['draw', 'terror']) }),
  /** A terror token met goes onto the fear track, and a crisis card is drawn. */
  fear: z.strictObject({}),
  /** A survival token's free action: draw a card, then discard one. */
  survive: z.strictObject({}),
  /** A terror token next door removed with a harpoon card or token (free action). */
  harpoon: z.strictObject({ chamber: id, card: id.optional() }),
  /** The self-destruct track's vent token: in the supplies chamber, or next to it for one of its mission tokens. */
  ventAt: z.strictObject({ chamber: id }),
  /** The self-destruct track's stowaway task: a stowaway token to the Remora, or the energy column's top token. */
  sdStowaway: z.strictObject({ energy: z.boolean() }),
  /** After a trait's draw: the cards not kept go on top of the deck or under it. */
  side: z.strictObject({ top: z.boolean() }),
  /** Mod C (`mods=search`): MANUALLY UNLOCKING A DOCKING CLAMP in the Shuttle Bay (+3 minutes, the lifeform 1 closer). */
  unclamp: z.strictObject({}),
  /** Mod C: the first life support zone's spare mission token onto a loadout column. */
  spare: z.strictObject({ column: id }),
  /** Mod C, post-launch shuttlecraft phase: CONFRONT THE LIFEFORM (the extra combat zone). */
  confront: z.strictObject({}),
  /** Mod C: HUNT THE LIFEFORM (one chamber card drawn face down). */
  hunt: z.strictObject({}),
  /** Mod C: the chamber guessed for the face-down card. */
  guess: z.strictObject({ room: id }),
  /** §SHUTTLE CONFLICT (solo/conflict.ts): DEFEAT LIFEFORM ATTACK on a zone with a payment. */
  conflictAttack: z.strictObject({ zone: z.number().int().min(0).max(4), pay: z.strictObject({ cards: z.array(id).max(12).optional(), extinguisher: fight.optional(), traits: z.array(id).max(4).optional(), torches: z.number().int().min(0).max(9).optional(), harpoons: z.number().int().min(0).max(9).optional(), data: z.array(fight.nullable()).max(9).optional() }) }),
  /** USE HALON GAS BLAST on a zone. */
  conflictHalon: z.strictObject({ zone: z.number().int().min(0).max(4) }),
  /** ACTIVATE AIRLOCK on a zone (once). */
  conflictAirlock: z.strictObject({ zone: z.number().int().min(0).max(4) }),
  /** SEARCH LOCKER (once), spending survival tokens for still-alive chits first. */
  conflictLocker: z.strictObject({ survival: z.number().int().min(0).max(9) }),
  /** The hand limit after a conflict draw. */
  conflictDiscard: z.strictObject({ card: id }),
  /** Giving up the conflict (an attack that cannot be paid). */
  conflictGiveUp: z.strictObject({}),
} as const;
