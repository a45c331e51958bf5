import { it } from 'vitest';
import { loadValleyForge } from './fixture.test-helper.ts';
import { playRandom } from './play.test-helper.ts';
it('smoke', async () => {
  const pack = await loadValleyForge();
  const codes = new Map<string, number>();
  const types = new Map<string, number>();
  const ends = new Map<string, number>();
  for (let seed = 1; seed < 200; seed++) {
    const ch = Array.from({ length: 50 }, (_, i) => (seed * 7919 + i * 104729) % 10007);
    const p = playRandom(pack, seed, 2 + (seed % 3), ch, 3000);
    for (const st of p.steps) { types.set(st.command.type, (types.get(st.command.type) ?? 0) + 1); for (const e of st.events) codes.set(e.code, (codes.get(e.code) ?? 0) + 1); }
    const k = JSON.stringify(p.last.state.outcome?.reason ?? p.last.state.stack.at(-1)?.k);
    ends.set(k, (ends.get(k) ?? 0) + 1);
  }
  console.log([...codes].sort().map(([k, v]) => `${k}=${v}`).join('\n'));
  console.log([...types].sort().map(([k, v]) => `${k}=${v}`).join(' '));
  console.log([...ends]);
});
