import { describe, expect, it } from 'vitest';
import { hasRenderer, renderTable } from '../../render/index.ts';
import { comanautsGame } from './index.ts';
import { register, renderComanauts } from './render.ts';
import { giveHand, mutate, newGame, putEnemy, takeDie } from './scenario.test-helper.ts';

describe('comanauts table picture', () => {
  it('GIVEN a hostile table WHEN the public view is rendered in English and Spanish THEN each is a PNG well under Discord upload limits', async () => {
    const s = mutate(newGame(3, 4), (d) => {
      giveHand(d, ['red', 'purple', 'green']);
      putEnemy(d, 'rust-hound', 'well', 0);
      putEnemy(d, 'static-crow', 'shed', 2);
      d.dice.threat.push({ die: takeDie(d, 'black'), face: null }, { die: takeDie(d, 'suspicious'), face: 4 });
      d.dice.discard.push(takeDie(d, 'yellow'), takeDie(d, 'white'));
      (d.players[1] as { stored: string | null }).stored = takeDie(d, 'blue');
      (d.players[2] as { avatar: { place: unknown } }).avatar.place = null;
      (d.players[0] as { avatar: { statuses: string[]; suspicious: boolean } }).avatar.statuses.push('snared');
      (d.players[0] as { avatar: { suspicious: boolean } }).avatar.suspicious = true;
      d.childStandee = 'pond';
      d.dice.child = { die: takeDie(d, 'child'), face: 3 };
    });
    const labels: Record<string, string> = { 'comanauts.render.threat': 'Threat track', 'comanauts.colour.purple': 'purple' };
    register((code) => labels[code]);
    const en = await renderTable('comanauts', comanautsGame.publicView(s), 'en');
    const es = await renderComanauts(comanautsGame.publicView(s), 'es-ES');
    expect(en.subarray(1, 4).toString()).toBe('PNG');
    expect(es.length).toBeLessThan(8 * 1024 * 1024);
    expect(hasRenderer('comanauts')).toBe(true);
    if (process.env.COMANAUTS_PNG) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.COMANAUTS_PNG, en);
    }
  });
});
