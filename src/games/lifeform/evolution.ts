import type { GameCommand } from '../../core/index.ts';
import { cancelWithEvolution } from './attack.ts';
import { tell, top, type Cx } from './flow.ts';
import type { Task } from './state.ts';

/**
 * §OPTIONAL: EVOLUTION TOKEN (game option `evolution`, rules 2): the pairs on the cocoon track, the token
 * kept from each pair reached, and spending one (an extra icon on the row being played, or a cancel).
 */
export function applyEvolution(cx: Cx, c: GameCommand): void {
  const s = cx.s;
  const evo = s.evolution;
  const icon = (c.args as { icon: string }).icon;
  if (!evo) return;
  switch (c.type) {
    case 'keepEvolution': {
      const t = s.stack.pop() as Extract<Task, { k: 'evolution' }>;
      evo.held.push(icon);
      tell(cx, 'evolution.kept', { icon, discarded: t.pair.filter((x, i) => i !== t.pair.indexOf(icon)).join(',') });
      return;
    }
    case 'addEvolution': {
      const row = top(s) as Extract<Task, { k: 'row' }>;
      evo.held.splice(evo.held.indexOf(icon), 1);
      row.icons.push(icon);
      row.done.push(false);
      row.evolved = true;
      tell(cx, 'evolution.spentAction', { icon });
      return;
    }
    case 'cancelEvolution':
      cancelWithEvolution(cx, icon);
      return;
  }
}
