import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttachmentBuilder, ChannelType, Client, DiscordAPIError, Events, GatewayIntentBits, SlashCommandBuilder, type Interaction, type TextChannel } from 'discord.js';
import { editAnswer, replyAnswer, sendAnswer } from '../../src/discord/answer.ts';
import type { Answer } from '../../src/discord/command.ts';
import { startLocalDiscord, type LocalDiscord } from '../../src/local/discord/index.ts';

/*
 * Each of Discord's limits, refused by the local Discord with Discord's status, code and error tree,
 * as the real discord.js client receives them; and Turnkeeper's answer helpers staying within them.
 */

const LONG_LOG = Array.from({ length: 40 }, (_, i) => `**Move ${i + 1}:** <@${100000000000000000n + BigInt(i % 4)}> explores location ${100 + i} and finds a salt-crusted key.`).join('\n');

const commands = [
  new SlashCommandBuilder()
    .setName('pick')
    .setDescription('Autocomplete that tries 26 choices first')
    .addStringOption((o) => o.setName('what').setDescription('What').setAutocomplete(true).setRequired(true)),
  new SlashCommandBuilder().setName('long').setDescription('Tries a 2,001-character reply, then says what Discord answered'),
  new SlashCommandBuilder().setName('log').setDescription('Answers with a 3,000-character log through replyAnswer'),
];

/** What the test bot learned from Discord's refusals, for assertions. */
const refusals: { code: unknown; errors: unknown }[] = [];

async function answer(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `choice ${i + 1}`, value: `c${i + 1}` }));
    try {
      await interaction.respond(choices(26));
    } catch (error) {
      if (error instanceof DiscordAPIError) refusals.push({ code: error.code, errors: (error.rawError as { errors?: unknown }).errors });
      await interaction.respond(choices(25));
    }
    return;
  }
  if (!interaction.isChatInputCommand()) return;
  if (interaction.commandName === 'long') {
    try {
      await interaction.reply('y'.repeat(2001));
    } catch (error) {
      const code = error instanceof DiscordAPIError ? error.code : 'unknown';
      const field = error instanceof DiscordAPIError ? Object.keys((error.rawError as { errors?: { data?: object } }).errors?.data ?? {}).join(',') : '';
      await interaction.reply(`refused ${code} data.${field}`);
    }
    return;
  }
  if (interaction.commandName === 'log') await replyAnswer(interaction, { visibility: 'public', content: `${LONG_LOG}\n${LONG_LOG}` });
}

/** The refusal discord.js throws for a call, with Discord's error tree. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; code: unknown; errors: unknown }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DiscordAPIError) return { status: error.status, code: error.code, errors: (error.rawError as { errors?: unknown }).errors };
    throw error;
  }
  throw new Error('Discord accepted the call');
}

describe('local Discord refuses what Discord refuses, through the real discord.js client', () => {
  let discord: LocalDiscord;
  let client: Client;
  let channel: TextChannel;

  beforeAll(async () => {
    discord = await startLocalDiscord({ port: 0 });
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
    client.on(Events.InteractionCreate, (interaction) => void answer(interaction).catch(() => undefined));
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(discord.botToken);
    await ready;
    await client.application?.commands.set(commands.map((c) => c.toJSON()));
    const fetched = await client.channels.fetch(discord.channelId);
    if (fetched?.type !== ChannelType.GuildText) throw new Error('games channel missing');
    channel = fetched;
  });

  afterAll(async () => {
    await client?.destroy();
    await discord?.close();
  });

  it('GIVEN a post of 2,001 characters WHEN the bot sends it THEN Discord answers 400, 50035 Invalid Form Body naming content, and nothing is posted', async () => {
    const before = discord.messages(discord.channelId).length;
    const refused = await refusal(channel.send('z'.repeat(2001)));
    expect(refused).toEqual({ status: 400, code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } } });
    expect(discord.messages(discord.channelId).length).toBe(before);
    expect(discord.calls.at(-1)).toMatchObject({ status: 400, error: { code: 50035 } });
  });

  it('GIVEN a button labelled with 81 characters and a sixth action row WHEN sent THEN both fields are named in one 50035', async () => {
    const row = (i: number, label = `B${i}`) => ({ type: 1, components: [{ type: 2, style: 1, custom_id: `b${i}`, label }] });
    const refused = await refusal(channel.send({ content: 'rows', components: [row(0, 'L'.repeat(81)), row(1), row(2), row(3), row(4), row(5)] } as never));
    expect(refused.code).toBe(50035);
    expect(refused.errors).toMatchObject({
      components: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }], 0: { components: { 0: { label: { _errors: [{ message: 'Must be 80 or fewer in length.' }] } } } } },
    });
  });

  it('GIVEN embeds of 6,001 characters in all WHEN sent THEN Discord refuses MAX_EMBED_SIZE_EXCEEDED', async () => {
    const refused = await refusal(channel.send({ embeds: [{ description: 'd'.repeat(4096) }, { description: 'e'.repeat(1905) }] }));
    expect(refused.errors).toEqual({ embeds: { _errors: [{ code: 'MAX_EMBED_SIZE_EXCEEDED', message: 'Embed size exceeds maximum size of 6000' }] } });
  });

  it('GIVEN allowed_mentions that both parses users and lists them WHEN sent THEN Discord refuses it', async () => {
    const refused = await refusal(channel.send({ content: 'hi <@1>', allowedMentions: { parse: ['users'], users: [discord.user('bob').id] } }));
    expect(refused.errors).toMatchObject({ allowed_mentions: { _errors: [{ code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE' }] } });
  });

  it('GIVEN posts naming alice and bob WHEN allowed_mentions lets everyone, nobody or only bob through THEN the message pings exactly those (its mentions)', async () => {
    const [alice, bob] = [discord.user('alice').id, discord.user('bob').id];
    const content = `<@${alice}> hands the lantern to <@${bob}>`;
    const pings = async (allowedMentions?: { parse?: ('users' | 'roles' | 'everyone')[]; users?: string[] }) => {
      const sent = await channel.send({ content, ...(allowedMentions ? { allowedMentions } : {}) });
      return { pings: discord.message(sent.id)?.pings, seen: sent.mentions.users.map((u) => u.id) };
    };
    expect(await pings()).toEqual({ pings: [alice, bob], seen: [alice, bob] });
    expect(await pings({ parse: [] })).toEqual({ pings: [], seen: [] });
    expect(await pings({ parse: [], users: [bob] })).toEqual({ pings: [bob], seen: [bob] });
  });

  it('GIVEN a thread name of 101 characters WHEN the bot opens the thread THEN Discord refuses name; 100 is accepted', async () => {
    const refused = await refusal(channel.threads.create({ name: 't'.repeat(101) }));
    expect(refused.errors).toEqual({ name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }] } });
    const thread = await channel.threads.create({ name: 't'.repeat(100) });
    expect(thread.name.length).toBe(100);
  });

  it('GIVEN a file one byte over the 10 MiB default limit WHEN uploaded THEN Discord answers 413 with code 40005', async () => {
    const refused = await refusal(channel.send({ content: 'big', files: [new AttachmentBuilder(Buffer.alloc(10 * 1024 * 1024 + 1), { name: 'table.png' })] }));
    expect(refused).toMatchObject({ status: 413, code: 40005 });
  });

  it('GIVEN an autocomplete answer of 26 choices WHEN the bot sends it THEN Discord refuses data.choices and the corrected 25 reach the user', async () => {
    const choices = await discord.autocomplete('alice', discord.channelId, '/pick what:c');
    expect(choices.length).toBe(25);
    expect(refusals.at(-1)).toEqual({ code: 50035, errors: { data: { choices: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' }] } } } });
  });

  it('GIVEN an interaction reply of 2,001 characters WHEN sent THEN Discord refuses data.content and the interaction can still be answered', async () => {
    const handle = await discord.slash('alice', discord.channelId, '/long');
    expect(handle.reply?.content).toBe('refused 50035 data.content');
  });

  it('GIVEN a 3,000-character answer with a button WHEN posted with sendAnswer THEN two messages arrive, cut between lines, the button under the last, every mention whole', async () => {
    const content = `${LONG_LOG}\n${LONG_LOG}`.slice(0, 3000).replace(/\n[^\n]*$/, '');
    expect(content.length).toBeGreaterThan(2000);
    const answer: Answer = { visibility: 'public', content, buttons: [{ label: 'Play on', customId: 'tk1|legal|g1|3|0|0' }] };
    const sent = await sendAnswer(channel, answer, 'tk9001');
    expect(sent.length).toBe(2);
    const posted = sent.map((m) => discord.message(m.id));
    expect(posted.map((m) => m?.content).join('\n')).toBe(content);
    expect(posted.map((m) => m?.components.length)).toEqual([0, 1]);
    for (const m of posted) expect(m?.content.match(/<@\d+>/g)?.length).toBe(m?.content.match(/<@/g)?.length);
    const again = await sendAnswer(channel, answer, 'tk9001');
    expect(again.map((m) => m.id)).toEqual(sent.map((m) => m.id));
  });

  it('GIVEN a short post with a button WHEN edited into a 2,500-character text THEN the message holds the first part without the button and the rest follows under it', async () => {
    const [posted] = await sendAnswer(channel, { visibility: 'public', content: 'The prompt is open.', buttons: [{ label: 'Answer', customId: 'tk1|prompt|g1|1|0|0' }] });
    const content = LONG_LOG.slice(0, 2500).replace(/\n[^\n]*$/, '');
    expect(content.length).toBeGreaterThan(2000);
    await editAnswer(channel, posted?.id ?? '', { visibility: 'public', content, buttons: [{ label: 'Next', customId: 'tk1|legal|g1|2|0|0' }] });
    const edited = discord.message(posted?.id ?? '');
    const after = discord.messages(discord.channelId).filter((m) => m.seq > (edited?.seq ?? 0));
    expect([edited?.content, ...after.map((m) => m.content)].join('\n')).toBe(content);
    expect(edited?.components).toEqual([]);
    expect(after.at(-1)?.components.length).toBe(1);
  });

  it('GIVEN a slash command answered with a 7,000-character log WHEN replied with replyAnswer THEN the reply and its follow-ups carry it all, none refused', async () => {
    const from = discord.calls.length;
    const handle = await discord.slash('bob', discord.channelId, '/log');
    const messages = [handle.reply, ...handle.followUps];
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(messages.map((m) => m?.content).join('\n')).toBe(`${LONG_LOG}\n${LONG_LOG}`);
    expect(discord.calls.slice(from).filter((c) => c.status >= 400)).toEqual([]);
  });
});

describe('an answer Discord refused and the bot never corrected', () => {
  it('GIVEN autocomplete answered only with a 101-character name WHEN the 3 s pass THEN the local Discord says the interaction failed and why', async () => {
    const local = await startLocalDiscord({ port: 0, ackTimeoutMs: 300 });
    const bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: local.apiUrl } });
    bot.on(Events.InteractionCreate, (interaction) => {
      if (interaction.isAutocomplete()) void interaction.respond([{ name: 'n'.repeat(101), value: 'v' }]).catch(() => undefined);
    });
    try {
      const ready = new Promise<void>((resolve) => bot.once(Events.ClientReady, () => resolve()));
      await bot.login(local.botToken);
      await ready;
      await bot.application?.commands.set([commands[0]?.toJSON() ?? {}] as never);
      await expect(local.autocomplete('alice', local.channelId, '/pick what:x')).rejects.toThrow(/did not acknowledge.*Discord refused its answer: 50035 Invalid Form Body .*Must be between 1 and 100 in length/);
    } finally {
      await bot.destroy();
      await local.close();
    }
  });
});
