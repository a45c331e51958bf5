import { describe, expect, it } from 'vitest';
import { startTwoPlayerAdventure, useLocalStack } from '../support/local-stack.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47];

describe('table pictures through the bot', () => {
  const local = useLocalStack();

  it('Rules §Inventory (cards lie face up): GIVEN an adventure for two WHEN it starts THEN the table post carries the table and one inventory picture per player, all PNG', async () => {
    const stack = local.get();
    const d = stack.discord;
    const thread = { id: await startTwoPlayerAdventure(d) };
    await stack.settle();
    const post = d.messages(thread.id).filter((m) => m.attachments.length > 0).at(-1);
    expect(post?.attachments.map((a) => a.filename)).toEqual(['table-0.png', 'inventory-1.png', 'inventory-2.png']);
    for (const a of post?.attachments ?? []) expect([...a.bytes.subarray(0, 4)]).toEqual(PNG);
  });
});
