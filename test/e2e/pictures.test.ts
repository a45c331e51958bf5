import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../src/local/stack.ts';
import { createLogger } from '../../src/ops/logger.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47];

describe('table pictures through the bot', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    stack = await startLocalStack({ memory: true, logger: createLogger('silent'), env: {} });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('Rules §Inventory (cards lie face up): GIVEN an adventure for two WHEN it starts THEN the table post carries the table and one inventory picture per player, all PNG', async () => {
    const d = stack.discord;
    await d.slash('alice', d.channelId, '/game new game:adventure seed:2');
    const thread = d.threads(d.channelId).at(-1);
    if (!thread) throw new Error('no thread');
    await d.slash('bob', thread.id, '/game join');
    await d.slash('alice', thread.id, '/game start');
    await stack.settle();
    const post = d.messages(thread.id).filter((m) => m.attachments.length > 0).at(-1);
    expect(post?.attachments.map((a) => a.filename)).toEqual(['table-0.png', 'inventory-1.png', 'inventory-2.png']);
    for (const a of post?.attachments ?? []) expect([...a.bytes.subarray(0, 4)]).toEqual(PNG);
  });
});
