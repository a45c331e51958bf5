import { describe, expect, it } from 'vitest';
import { pingedUserIds } from './world.ts';

describe('pingedUserIds (who a message notifies, as Discord decides it)', () => {
  const content = '<@1> and <@!2> and <@3>';

  it('GIVEN no allowed_mentions WHEN a message is created THEN everyone it mentions is notified (Discord\'s default)', () => {
    expect(pingedUserIds(content, null)).toEqual(['1', '2', '3']);
  });

  it('GIVEN allowed_mentions with parse users WHEN a message is created THEN everyone it mentions is notified', () => {
    expect(pingedUserIds(content, { parse: ['users'] })).toEqual(['1', '2', '3']);
  });

  it('GIVEN allowed_mentions listing users and an empty parse WHEN a message is created THEN only the listed users it mentions are notified', () => {
    expect(pingedUserIds(content, { parse: [], users: ['2', '9'] })).toEqual(['2']);
    expect(pingedUserIds(content, { parse: [], users: [] })).toEqual([]);
  });
});
