import { textKeys as K } from '../content.ts';
import { slotNames, type Work } from '../state.ts';
import { type Env, prompt, pub } from './basics.ts';
import { type Draft } from './draft.ts';
import { enterPage } from './page.ts';

/**
 * Rules 4, §The Nexus: the page is cleared and the party stands in the Nexus; every seat votes in turn
 * for the next comazone (`nexusVote`), the bookkeeper settles a tie (`nexusTie`), and the chosen
 * comazone's start page is set up (suspicious tokens are placed or removed as its avatars enter).
 */
export function startNexus(d: Draft, env: Env): void {
  const a = d.adventure;
  if (!a) return;
  a.comazone = '';
  d.enemies = [];
  d.slots = d.slots.map(() => null);
  d.situation = 'safe';
  pub(env, 'nexus.reached');
  d.work.unshift({ k: 'nexus', votes: [] });
}

/**
 * The comazones the party may choose: those of the Nexus not visited yet (all but the current one once
 * every one was visited); one that needs its totem only while an avatar has one of its totems equipped.
 */
export function nexusOptions(d: Draft, env: Env): string[] {
  const a = d.adventure;
  if (!a) return [];
  const fresh = a.nexus.filter((z) => !a.visited.includes(z));
  const open = fresh.length > 0 ? fresh : a.nexus.filter((z) => z !== a.visited[a.visited.length - 1]);
  const equipped = new Set(d.players.flatMap((p) => slotNames.map((n) => p.equipment[n]).filter((x): x is string => x !== null)));
  const reachable = open.filter((z) => {
    const zone = env.pack?.comazones?.find((x) => x.id === z);
    return !zone?.needsTotem || (env.pack?.totems ?? []).some((t) => t.comazone === z && equipped.has(t.item));
  });
  return reachable.length > 0 ? reachable : open;
}

export function nexusVote(d: Draft, env: Env, w: Extract<Work, { k: 'nexus' }>): void {
  const options = nexusOptions(d, env);
  if (options.length === 0) return;
  const votes = [...w.votes];
  if (w.answer !== undefined) {
    pub(env, 'nexus.voted', { seat: votes.length, comazoneKey: K.comazone(w.answer) });
    votes.push(w.answer);
  }
  let chosen: string | undefined = options.length === 1 ? options[0] : undefined;
  if (chosen === undefined && votes.length < d.seats) {
    return prompt(d, { k: 'nexus', votes }, votes.length, 'nexusVote', options);
  }
  if (chosen === undefined) {
    const count = (z: string): number => votes.filter((v) => v === z).length;
    const most = Math.max(...options.map(count));
    const top = options.filter((z) => count(z) === most);
    chosen = top.length === 1 ? top[0] : w.tie;
    if (chosen === undefined) return prompt(d, { k: 'nexus', votes }, d.bookkeeper, 'nexusTie', top);
  }
  enterComazone(d, env, chosen as string);
}

export function enterComazone(d: Draft, env: Env, zone: string): void {
  const a = d.adventure;
  const page = env.pack?.pages.find((p) => p.id === env.pack?.comazones?.find((z) => z.id === zone)?.start);
  if (!a || !page) return;
  a.comazone = zone;
  if (!a.visited.includes(zone)) a.visited.push(zone);
  pub(env, 'nexus.chosen', { comazoneKey: K.comazone(zone) });
  enterPage(d, env, page);
}
