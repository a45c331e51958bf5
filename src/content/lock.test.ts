import { describe, expect, it } from 'vitest';
import { checkAgainstLock, nextPackLock, type PackLock } from './lock.ts';

const lock: PackLock = { format: 'turnkeeper.packs-lock/1', packs: [{ gameType: 'words', id: 'basic', version: '1.0.0', hash: 'aaa' }] };

describe('packs lock', () => {
  it('GIVEN a locked version WHEN the same content is checked THEN accepted; WHEN other content under that version THEN refused on pack.yaml /version', () => {
    expect(checkAgainstLock(lock, { gameType: 'words', id: 'basic', version: '1.0.0', hash: 'aaa' })).toBeNull();
    expect(checkAgainstLock(lock, { gameType: 'words', id: 'basic', version: '1.0.0', hash: 'bbb' })).toMatchObject({
      file: 'pack.yaml',
      path: '/version',
      code: 'content.pack.versionNotBumped',
      params: { version: '1.0.0', packId: 'basic' },
    });
    expect(checkAgainstLock(lock, { gameType: 'words', id: 'basic', version: '1.1.0', hash: 'bbb' })).toBeNull();
    expect(checkAgainstLock(undefined, { gameType: 'words', id: 'basic', version: '1.0.0', hash: 'bbb' })).toBeNull();
  });

  it('GIVEN a new version beside a locked one WHEN the lock is updated THEN the new version is added and the old one kept, even once its folder is gone', () => {
    const next = nextPackLock(lock, [{ gameType: 'words', id: 'basic', version: '1.1.0', hash: 'ccc' }]);
    expect(next).toEqual({
      ok: true,
      value: {
        lock: { format: 'turnkeeper.packs-lock/1', packs: [lock.packs[0], { gameType: 'words', id: 'basic', version: '1.1.0', hash: 'ccc' }] },
        added: [{ gameType: 'words', id: 'basic', version: '1.1.0', hash: 'ccc' }],
      },
    });
  });

  it('GIVEN a locked version whose content changed WHEN the lock is updated THEN refused and nothing is added', () => {
    const next = nextPackLock(lock, [
      { gameType: 'words', id: 'basic', version: '1.0.0', hash: 'zzz' },
      { gameType: 'words', id: 'other', version: '1.0.0', hash: 'ddd' },
    ]);
    expect(next.ok ? null : next.error.map((e) => e.code)).toEqual(['content.pack.versionNotBumped']);
  });
});
