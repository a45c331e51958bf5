import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
  StringSelectMenuBuilder,
  type Interaction,
} from 'discord.js';
import WebSocket from 'ws';
import { startLocalDiscord, type LocalDiscord } from '../../src/local/discord/index.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const commands = [
  new SlashCommandBuilder().setName('ping').setDescription('Answers pong with a button'),
  new SlashCommandBuilder()
    .setName('game')
    .setDescription('Games')
    .addSubcommand((s) =>
      s
        .setName('new')
        .setDescription('New game')
        .addStringOption((o) => o.setName('game').setDescription('Which').setRequired(true).setAutocomplete(true))
        .addIntegerOption((o) => o.setName('players').setDescription('How many')),
    )
    .addSubcommand((s) => s.setName('join').setDescription('Join')),
  new SlashCommandBuilder().setName('draw').setDescription('Deferred reply with a PNG and a select'),
  new SlashCommandBuilder()
    .setName('whisper')
    .setDescription('DM someone')
    .addUserOption((o) => o.setName('who').setDescription('Recipient').setRequired(true)),
  new SlashCommandBuilder().setName('thread').setDescription('Open a thread'),
  new SlashCommandBuilder().setName('secret').setDescription('Ephemeral follow-up'),
  new SlashCommandBuilder().setName('announce').setDescription('Posts to the channel'),
  new SlashCommandBuilder().setName('where').setDescription('Says which shard answered'),
  new SlashCommandBuilder().setName('ask').setDescription('Opens a modal'),
];

async function answer(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = String(interaction.options.getFocused()).toLowerCase();
    await interaction.respond(['comanauts', 'coma-ward', 'lifeform', 'tally'].filter((g) => g.startsWith(typed)).map((g) => ({ name: g, value: g })));
    return;
  }
  if (interaction.isButton() && interaction.customId === 'later') {
    await interaction.deferUpdate();
    await interaction.editReply({ content: 'later done', components: [] });
    return;
  }
  if (interaction.isButton()) {
    await interaction.update({ content: `pong again for ${interaction.user.username}`, components: [] });
    return;
  }
  if (interaction.isStringSelectMenu()) {
    await interaction.reply({ content: `picked ${interaction.values.join(',')}`, flags: MessageFlags.Ephemeral });
    return;
  }
  if (!interaction.isChatInputCommand()) return;
  switch (interaction.commandName) {
    case 'ping': {
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('again').setLabel('Again').setStyle(ButtonStyle.Primary),
        new ButtonBuilder().setCustomId('later').setLabel('Later').setStyle(ButtonStyle.Secondary),
      );
      await interaction.reply({ content: 'pong', components: [row] });
      return;
    }
    case 'game':
      await interaction.reply(`${interaction.options.getSubcommand()} ${interaction.options.getString('game') ?? ''} ${interaction.options.getInteger('players') ?? ''}`.trim());
      return;
    case 'draw': {
      await interaction.deferReply();
      const select = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder().setCustomId('pick').setPlaceholder('Pick').addOptions({ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }),
      );
      await interaction.editReply({ content: 'the table', files: [new AttachmentBuilder(PNG, { name: 'table.png' })], components: [select] });
      return;
    }
    case 'whisper': {
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const who = interaction.options.getUser('who', true);
      try {
        await who.send('a clue for you');
        await interaction.editReply(`sent to ${who.username}`);
      } catch (error) {
        await interaction.editReply(`failed ${error instanceof DiscordAPIError ? error.code : 'unknown'}`);
      }
      return;
    }
    case 'thread': {
      await interaction.deferReply();
      const channel = interaction.channel;
      if (!channel || channel.type !== ChannelType.GuildText) throw new Error('not a text channel');
      const thread = await channel.threads.create({ name: 'game-1', type: ChannelType.PublicThread });
      await thread.send('welcome to the thread');
      await interaction.editReply(`opened <#${thread.id}>`);
      return;
    }
    case 'secret':
      await interaction.deferReply();
      await interaction.editReply('public part');
      await interaction.followUp({ content: 'only for you', flags: MessageFlags.Ephemeral });
      return;
    case 'announce': {
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const channel = interaction.channel;
      if (!channel?.isSendable()) throw new Error('not sendable');
      await channel.send('announcement');
      await interaction.editReply('done');
      return;
    }
    case 'ask':
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId('answer')
          .setTitle('Your answer')
          .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(new TextInputBuilder().setCustomId('text').setLabel('Text').setStyle(TextInputStyle.Short))),
      );
      return;
    case 'where':
      await interaction.reply(`shard ${interaction.guild?.shardId ?? -1}`);
      return;
  }
}

async function startBot(discord: LocalDiscord, shardOptions: { shards?: number[]; shardCount?: number } = {}): Promise<Client> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages],
    rest: { api: discord.apiUrl },
    ...shardOptions,
  });
  client.on(Events.InteractionCreate, (interaction) => {
    void answer(interaction).catch(() => undefined);
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(discord.botToken);
  await ready;
  await client.application?.commands.set(commands.map((c) => c.toJSON()));
  return client;
}

describe('local Discord with the real discord.js client', () => {
  let discord: LocalDiscord;
  let client: Client;

  beforeAll(async () => {
    discord = await startLocalDiscord({ port: 0 });
    client = await startBot(discord);
  });

  afterAll(async () => {
    await client?.destroy();
    await discord?.close();
  });

  it('GIVEN a message sent with a nonce and enforce_nonce WHEN the same send is repeated (a resend after a crash) THEN, as on Discord, the first message comes back and nothing is posted twice', async () => {
    const channel = await client.channels.fetch(discord.channelId);
    if (!channel?.isSendable()) throw new Error('channel not sendable');
    const before = discord.messages(discord.channelId).length;
    const first = await channel.send({ content: 'table after move 3', nonce: 'tk42', enforceNonce: true });
    const again = await channel.send({ content: 'table after move 3', nonce: 'tk42', enforceNonce: true });
    expect(again.id).toBe(first.id);
    expect(discord.messages(discord.channelId).length).toBe(before + 1);
    const other = await channel.send({ content: 'another', nonce: 'tk43', enforceNonce: true });
    expect(other.id).not.toBe(first.id);
  });

  it('GIVEN a local Discord WHEN discord.js logs in THEN it is ready with the sandbox guild and registers commands', () => {
    expect(client.isReady()).toBe(true);
    expect(client.guilds.cache.get(discord.guildId)?.name).toBe('Turnkeeper Sandbox');
    expect(client.channels.cache.get(discord.channelId)?.type).toBe(ChannelType.GuildText);
    expect(discord.commands().map((c) => c.name)).toContain('game');
    expect(discord.calls.some((c) => c.method === 'PUT' && /\/applications\/\d+\/commands$/.test(c.path))).toBe(true);
  });

  it('GIVEN /ping WHEN alice sends it THEN a public reply with a button arrives, and clicking it updates that message', async () => {
    const handle = await discord.slash('alice', discord.channelId, '/ping');
    expect(handle.callbackType).toBe(4);
    expect(handle.reply?.content).toBe('pong');
    expect(handle.ephemeral).toBe(false);
    const clicked = await discord.click('bob', handle.reply?.id ?? '', 'again');
    expect(clicked.callbackType).toBe(7);
    expect(discord.message(handle.reply?.id ?? '')?.content).toBe('pong again for bob');
  });

  it('GIVEN a button answered with a deferred update (type 6) WHEN the bot edits @original THEN the button message changes', async () => {
    const handle = await discord.slash('alice', discord.channelId, '/ping');
    const later = await discord.click('carol', handle.reply?.id ?? '', 'later');
    expect(later.callbackType).toBe(6);
    expect(discord.message(handle.reply?.id ?? '')?.content).toBe('later done');
    expect(discord.message(handle.reply?.id ?? '')?.components).toEqual([]);
  });

  it('GIVEN /ask WHEN the bot shows a modal (type 9) THEN the handle carries it', async () => {
    const handle = await discord.slash('alice', discord.channelId, '/ask');
    expect(handle.callbackType).toBe(9);
    expect(handle.modal).toMatchObject({ custom_id: 'answer', title: 'Your answer' });
  });

  it('GIVEN a command line with a subcommand and typed options WHEN sent THEN the bot reads them with their types', async () => {
    const handle = await discord.slash('alice', discord.channelId, '/game new game:"coma-ward" players:3');
    expect(handle.reply?.content).toBe('new coma-ward 3');
  });

  it('GIVEN an autocomplete option WHEN alice types part of it THEN the bot offers matching choices (type 8)', async () => {
    const choices = await discord.autocomplete('alice', discord.channelId, '/game new game:com');
    expect(choices.map((c) => c.value)).toEqual(['comanauts', 'coma-ward']);
  });

  it('GIVEN a deferred command WHEN the bot edits @original with a PNG THEN the bytes are kept and served, and a select works', async () => {
    const handle = await discord.slash('alice', discord.channelId, '/draw');
    expect(handle.callbackType).toBe(5);
    const reply = handle.reply;
    expect(reply?.content).toBe('the table');
    expect((reply?.flags ?? 128) & 128).toBe(0);
    const attachment = reply?.attachments[0];
    expect(attachment?.filename).toBe('table.png');
    expect(attachment?.bytes.equals(PNG)).toBe(true);
    const served = Buffer.from(await (await fetch(attachment?.url ?? '')).arrayBuffer());
    expect(served.equals(PNG)).toBe(true);
    expect(discord.calls.some((c) => c.method === 'PATCH' && c.path.endsWith('/messages/@original') && c.files.includes('table.png'))).toBe(true);
    const picked = await discord.select('carol', reply?.id ?? '', 'pick', ['blue']);
    expect(picked.reply?.content).toBe('picked blue');
    expect(picked.reply?.ephemeralFor).toBe(discord.user('carol').id);
  });

  it('GIVEN bob accepts DMs WHEN the bot whispers THEN the DM arrives; GIVEN he refuses THEN the bot gets error 50007', async () => {
    const sent = await discord.slash('alice', discord.channelId, '/whisper who:@bob');
    expect(sent.reply?.content).toBe('sent to bob');
    expect(discord.dms('bob').map((m) => m.content)).toEqual(['a clue for you']);
    discord.refuseDms('bob', true);
    const refused = await discord.slash('alice', discord.channelId, '/whisper who:@bob');
    expect(refused.reply?.content).toBe('failed 50007');
    expect(discord.calls.some((c) => c.status === 403 && /^\/channels\/\d+\/messages$/.test(c.path))).toBe(true);
    discord.refuseDms('bob', false);
  });

  it('GIVEN /thread WHEN the bot creates a thread THEN it is listed under the channel and accepts commands', async () => {
    const handle = await discord.slash('alice', discord.channelId, '/thread');
    const [thread] = discord.threads(discord.channelId);
    expect(thread?.name).toBe('game-1');
    expect(handle.reply?.content).toBe(`opened <#${thread?.id}>`);
    expect(discord.messages(thread?.id ?? '').map((m) => m.content)).toEqual(['welcome to the thread']);
    const inThread = await discord.slash('bob', thread?.id ?? '', '/game join');
    expect(inThread.reply?.channelId).toBe(thread?.id);
  });

  it('GIVEN an ephemeral follow-up WHEN alice runs /secret THEN only alice sees it', async () => {
    const handle = await discord.slash('alice', discord.channelId, '/secret');
    const followUp = handle.followUps[0];
    expect(followUp?.content).toBe('only for you');
    expect(discord.messages(discord.channelId, { forUser: 'alice' }).some((m) => m.id === followUp?.id)).toBe(true);
    expect(discord.messages(discord.channelId, { forUser: 'bob' }).some((m) => m.id === followUp?.id)).toBe(false);
    expect(discord.messages(discord.channelId).some((m) => m.id === followUp?.id)).toBe(false);
  });

  it('GIVEN the channel route fails once with 500 WHEN the bot posts THEN @discordjs/rest retries and the post lands', async () => {
    discord.failRoute('POST', '/channels/:id/messages', { status: 500, times: 1 });
    const handle = await discord.slash('alice', discord.channelId, '/announce');
    expect(handle.reply?.content).toBe('done');
    const posts = discord.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${discord.channelId}/messages`);
    expect(posts.slice(-2).map((c) => c.status)).toEqual([500, 200]);
  });

  it('GIVEN the channel route answers 429 once WHEN the bot posts THEN it waits retry_after and the post lands', async () => {
    discord.failRoute('POST', '/channels/:id/messages', { status: 429, times: 1, retryAfter: 0.2 });
    const started = Date.now();
    await discord.slash('alice', discord.channelId, '/announce');
    const posts = discord.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${discord.channelId}/messages`);
    expect(posts.slice(-2).map((c) => c.status)).toEqual([429, 200]);
    expect((posts.at(-1)?.at ?? 0) - started).toBeGreaterThanOrEqual(150);
  });

  it('GIVEN a dropped gateway WHEN discord.js reconnects THEN it resumes (RESUMED) and still answers', async () => {
    const resumed = new Promise<void>((resolve) => client.once(Events.ShardResume, () => resolve()));
    discord.dropGateway(0);
    await resumed;
    const handle = await discord.slash('dave', discord.channelId, '/ping');
    expect(handle.reply?.content).toBe('pong');
  });

  it('GIVEN the bot posts, edits, threads and deletes through REST WHEN it does THEN the world follows', async () => {
    const channel = client.channels.cache.get(discord.channelId);
    if (!channel?.isSendable() || channel.type !== ChannelType.GuildText) throw new Error('games channel missing');
    const posted = await channel.send('draft');
    await posted.edit('final');
    expect(discord.message(posted.id)?.content).toBe('final');
    expect(discord.message(posted.id)?.editedTimestamp).not.toBeNull();
    const thread = await posted.startThread({ name: 'from-message' });
    expect(thread.id).toBe(posted.id);
    expect(discord.threads(discord.channelId).map((t) => t.name)).toContain('from-message');
    await posted.delete();
    expect(discord.messages(discord.channelId).some((m) => m.id === posted.id)).toBe(false);
  });

  it('GIVEN REQUEST_GUILD_MEMBERS WHEN discord.js fetches all members THEN the chunk lists every user and the bot', async () => {
    const members = await client.guilds.cache.get(discord.guildId)?.members.fetch();
    expect([...(members?.values() ?? [])].map((m) => m.user.username).sort()).toEqual(['Turnkeeper', 'alice', 'bob', 'carol', 'dave']);
  });

  it('GIVEN a raw gateway socket WHEN it heartbeats and identifies with a wrong token THEN it gets ACK and close code 4004', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${discord.port}/?v=10&encoding=json`);
    const frames: { op: number }[] = [];
    socket.on('message', (raw) => frames.push(JSON.parse(String(raw)) as { op: number }));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 1, d: null }));
    await expect.poll(() => frames.map((f) => f.op)).toEqual([10, 11]);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ op: 2, d: { token: 'wrong', intents: 0, properties: {} } }));
    expect(await closed).toBe(4004);
  });

  it('GIVEN an interaction the bot never acknowledges WHEN 3 s would pass THEN slash rejects with a clear error', async () => {
    const local = await startLocalDiscord({ port: 0, ackTimeoutMs: 200 });
    const silent = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: local.apiUrl } });
    try {
      const ready = new Promise<void>((resolve) => silent.once(Events.ClientReady, () => resolve()));
      await silent.login(local.botToken);
      await ready;
      await silent.application?.commands.set([commands[0]?.toJSON() ?? {}] as never);
      await expect(local.slash('alice', local.channelId, '/ping')).rejects.toThrow(/did not acknowledge/);
      await expect(local.slash('alice', local.channelId, '/nope')).rejects.toThrow(/unknown command \/nope/);
    } finally {
      await silent.destroy();
      await local.close();
    }
  });
});

describe('local Discord told by the bot when an answer is complete', () => {
  it('GIVEN the bot\'s answered signal WHEN a reply is followed up after a pause longer than the quiet spell, or a button is deferred THEN the handle waits for exactly the bot\'s handler', async () => {
    const local = await startLocalDiscord({ port: 0, quietMs: 10, deferredUpdateGraceMs: 5_000 });
    const bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: local.apiUrl } });
    const answering = new Map<string, Promise<void>>();
    const handle = async (interaction: Interaction): Promise<void> => {
      if (interaction.isButton()) {
        await interaction.deferUpdate();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await interaction.editReply({ content: 'later done', components: [] });
        return;
      }
      if (!interaction.isChatInputCommand()) return;
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId('later').setLabel('Later').setStyle(ButtonStyle.Secondary));
      await interaction.reply({ content: 'first', components: [row] });
      await new Promise((resolve) => setTimeout(resolve, 150));
      await interaction.followUp('second, after a pause');
    };
    bot.on(Events.InteractionCreate, (interaction) => {
      const handled = handle(interaction).finally(() => answering.delete(interaction.id));
      answering.set(interaction.id, handled);
    });
    try {
      const ready = new Promise<void>((resolve) => bot.once(Events.ClientReady, () => resolve()));
      await bot.login(local.botToken);
      await ready;
      await bot.application?.commands.set([commands[0]?.toJSON() ?? {}] as never);
      local.answeredBy((id) => answering.get(id) ?? Promise.resolve());
      const ping = await local.slash('alice', local.channelId, '/ping');
      expect(ping.reply?.content).toBe('first');
      expect(ping.followUps.map((m) => m.content)).toEqual(['second, after a pause']);
      const started = Date.now();
      await local.click('alice', ping.reply?.id ?? '', 'later');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(local.message(ping.reply?.id ?? '')?.content).toBe('later done');
    } finally {
      local.answeredBy(null);
      await bot.destroy();
      await local.close();
    }
  });
});

describe('local Discord with two gateway shards', () => {
  it('GIVEN two guilds on different shards WHEN each gets a command THEN the shard owning that guild answers', async () => {
    const discord = await startLocalDiscord({ port: 0, shards: 2 });
    const second = discord.addGuild('Second Table', { shard: 1 });
    const client = await startBot(discord, { shards: [0, 1], shardCount: 2 });
    try {
      expect(client.guilds.cache.get(discord.guildId)?.shardId).toBe(0);
      expect(client.guilds.cache.get(second.id)?.shardId).toBe(1);
      const first = await discord.slash('alice', discord.channelId, '/where');
      const secondChannel = discord.channel('games', second.id);
      const other = await discord.slash('bob', secondChannel.id, '/where');
      expect(first.reply?.content).toBe('shard 0');
      expect(other.reply?.content).toBe('shard 1');
    } finally {
      await client.destroy();
      await discord.close();
    }
  });
});
