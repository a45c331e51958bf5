import { it } from 'vitest';
import { lifeformGame } from './index.ts';
import { act, arrange, hand, put, setUp } from './scenario.test-helper.ts';
it('dbg', () => {
  const s = arrange(setUp(2), (d) => {
    d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
    hand(d, 1, ['dash.1']);
    put(d, 0, 'stores'); put(d, 1, 'galley'); d.outages = []; d.terrors = []; d.images = ['reactor', 'waste', null];
  });
  let g = act(s, 1, 'play', { card: 'dash.1', row: 1 }).state;
  g = act(g, 1, 'act', { i: 0, who: s.characters[0]?.id, to: ['engineering'] }).state;
  console.log(JSON.stringify(g.stack), g.characters.map(c=>c.id+'@'+c.at), g.images, g.outages, g.hands['1']);
  if (g.stack.at(-1)?.k === 'more') g = act(g, 1, 'stop').state;
  console.log(JSON.stringify(g.stack), g.characters.map(c=>c.id+'@'+c.at), g.images, g.real);
});
it('dbg2', () => {
  const s = arrange(setUp(2), (d) => {
    d.stack = [{ k: 'turn', seat: 1, stage: 'activity', collected: [] }];
    hand(d, 1, ['laser.1']); d.laser='taken';
    put(d, 0, 'engineering'); put(d, 1, 'galley'); d.outages = []; d.terrors = []; d.images = ['reactor', 'waste', null];
  });
  console.log(JSON.stringify(lifeformGame.legalCommands(s, 1).filter(c => c.type === 'laser')), s.board.miningLaser);
});
