import { describe, expect, it } from 'vitest';
import { t, type Language } from '../../src/i18n/index.ts';
import { saltLantern } from '../../src/games/adventure/pack-fixture.test.ts';
import { adventureText, renderAdventureTable } from '../../src/games/adventure/render.ts';
import type { AdventureView } from '../../src/games/adventure/view.ts';
import { startTwoPlayerAdventure, useLocalStack } from '../support/local-stack.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47];

/** Width and height from a PNG's IHDR chunk. */
const size = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('table pictures through the bot', () => {
  const local = useLocalStack();

  it('Rules §Inventory (cards lie face up), issue 15 "One good picture per turn": GIVEN an adventure for two WHEN it starts THEN the table post carries one PNG, the table with the inventories drawn on it, described in words', async () => {
    const stack = local.get();
    const d = stack.discord;
    const thread = { id: await startTwoPlayerAdventure(d) };
    await stack.settle();
    const post = d.messages(thread.id).filter((m) => m.attachments.length > 0).at(-1);
    expect(post?.attachments.map((a) => a.filename)).toEqual(['table-0.png']);
    const picture = post?.attachments[0];
    expect([...(picture?.bytes.subarray(0, 4) ?? [])]).toEqual(PNG);
    const view = (await stack.state(thread.id)) as AdventureView;
    expect(view.characters.some((c) => c.inventory.length > 0)).toBe(true);
    const text = adventureText(saltLantern(), (code, lang, params) => t(lang as Language, code, params));
    const table = await renderAdventureTable(view, 'en', text);
    expect(size(picture?.bytes ?? Buffer.alloc(24))).toEqual(size(table));
    expect(picture?.bytes.equals(table)).toBe(true);
    expect(picture?.description).toMatch(/^Adventure Games, chapter 1 of 2: The Drowned Harbour\. .*\(Alice\) is taking a turn.*cards held: 10\./);
  });
});
