import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type Interaction,
  type SendableChannels,
} from 'discord.js';
import { startLocalDiscord, type LocalDiscord } from '../../src/local/discord/index.ts';
import { parseTranscript, runTranscript, type TranscriptHooks } from '../../src/local/transcript/index.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The in-test game: one per thread, a move counter, a situation that turns hostile after a move. */
const games = new Map<string, { players: string[]; moves: number; situation: string }>();

const gameCommand = new SlashCommandBuilder()
  .setName('game')
  .setDescription('Games')
  .addSubcommand((s) => s.setName('new').setDescription('New').addStringOption((o) => o.setName('game').setDescription('Which').setRequired(true)))
  .addSubcommand((s) => s.setName('join').setDescription('Join'));

async function answer(interaction: Interaction): Promise<void> {
  if (interaction.isButton()) {
    await interaction.update({ content: 'Game started.', components: [] });
    await interaction.followUp({ content: `<@${interaction.user.id}>, your turn`, flags: MessageFlags.Ephemeral });
    const select = new StringSelectMenuBuilder().setCustomId('move').setPlaceholder('Move').addOptions({ label: 'Red', value: 'r' }, { label: 'Blue', value: 'b' });
    await (interaction.channel as SendableChannels).send({
      content: 'The table',
      files: [new AttachmentBuilder(PNG, { name: 'table.png' })],
      components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(select)],
    });
    return;
  }
  if (interaction.isStringSelectMenu()) {
    const game = games.get(interaction.channelId);
    if (game) {
      game.moves += 1;
      game.situation = 'hostile';
    }
    await interaction.reply(`Moved ${interaction.values[0] === 'r' ? 'Red' : 'Blue'}. Threat rises.`);
    return;
  }
  if (!interaction.isChatInputCommand()) return;
  if (interaction.options.getSubcommand() === 'new') {
    await interaction.deferReply();
    const channel = interaction.channel;
    if (channel?.type !== ChannelType.GuildText) throw new Error('text channel expected');
    const thread = await channel.threads.create({ name: `${interaction.options.getString('game', true)}-1` });
    games.set(thread.id, { players: [interaction.user.id], moves: 0, situation: 'calm' });
    const start = new ButtonBuilder().setCustomId('start').setLabel('Start').setStyle(ButtonStyle.Success);
    await thread.send({ content: 'Waiting for players.', components: [new ActionRowBuilder<ButtonBuilder>().addComponents(start)] });
    await interaction.editReply(`Game opened in <#${thread.id}>`);
    return;
  }
  const game = games.get(interaction.channelId);
  if (!game) {
    await interaction.reply({ content: 'No game here.', flags: MessageFlags.Ephemeral });
    return;
  }
  game.players.push(interaction.user.id);
  await interaction.reply(`${interaction.user.username} joined.`);
  try {
    await interaction.user.send('Your clue: the red door.');
  } catch {
    await (interaction.channel as SendableChannels).send(`I could not DM <@${interaction.user.id}>; use /secrets.`);
  }
}

describe('transcript runner against the local Discord', () => {
  let discord: LocalDiscord;
  let client: Client;
  let hooks: TranscriptHooks;
  const advanced: number[] = [];

  beforeAll(async () => {
    discord = await startLocalDiscord({ port: 0 });
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
    client.on(Events.InteractionCreate, (i) => void answer(i).catch(() => undefined));
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(discord.botToken);
    await ready;
    await client.application?.commands.set([gameCommand.toJSON()]);
    hooks = {
      discord,
      state: async (threadId, userId) => ({ ...games.get(threadId), viewer: userId ? discord.user(userId).name : null }),
      advance: async (ms) => {
        advanced.push(ms);
        const threadId = [...games.keys()].at(-1) ?? '';
        await (client.channels.cache.get(threadId) as SendableChannels | undefined)?.send('Reminder: the game waits for you.');
      },
      settle: async () => {
        let seen = -1;
        while (seen !== discord.calls.length) {
          seen = discord.calls.length;
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
      },
    };
  });

  afterAll(async () => {
    await client?.destroy();
    await discord?.close();
  });

  it('GIVEN a transcript that plays a game WHEN run THEN every expectation holds and outputs have the --json shape', async () => {
    const steps = parseTranscript(
      `# a whole little game
@alice /game new game:tally      # lands in the new thread
? public ~ /waiting for players/i
@bob /game join
? public ~ /bob joined/
? dm @bob ~ /clue/i
? no dm @alice
@alice click "Start"
? ephemeral @alice ~ /your turn/i
? image
!state
? state .situation == "calm"
@alice select "Move" "Red"
? public ~ /threat/i
!state @bob
? state .situation == "hostile"
? state .moves > 0
? state .viewer == "bob"
!dm @carol off
@carol /game join
? no dm @carol
? public ~ /could not DM/
!advance 25h
? public ~ "Reminder"
!channel #games
? public ~ /Game opened in/
`,
      'play.txt',
    );
    const result = await runTranscript(steps, hooks);
    expect(result.failures).toEqual([]);
    expect(result.ok).toBe(true);
    expect(advanced).toEqual([25 * 3_600_000]);
    const opened = result.outputs.find((o) => o.line === 2 && o.channel === 'games' && o.thread === null);
    expect(opened).toMatchObject({ step: 1, kind: 'public', guild: 'Turnkeeper Sandbox', to: null, buttons: [], selects: [], attachments: [], mentions: [] });
    expect(result.outputs.find((o) => o.kind === 'dm')).toMatchObject({ line: 4, to: 'bob', content: 'Your clue: the red door.', channel: null, thread: null });
    expect(result.outputs.find((o) => o.kind === 'ephemeral')).toMatchObject({ line: 8, to: 'alice', mentions: ['alice'] });
    expect(result.outputs.find((o) => o.kind === 'edit')).toMatchObject({ line: 8, content: 'Game started.', thread: 'tally-1' });
    expect(result.outputs.find((o) => o.attachments.length > 0)).toMatchObject({
      line: 8,
      kind: 'public',
      selects: [{ placeholder: 'Move', options: ['Red', 'Blue'] }],
      attachments: [{ name: 'table.png', contentType: 'image/png', bytes: PNG.length }],
    });
  });

  it('GIVEN wrong expectations and a missing button WHEN run THEN failures name file, line, expected and actual', async () => {
    const steps = parseTranscript(
      `!thread latest
? public ~ /victory/
@dave click "Nope"
? state .moves == 1
!state
? state .moves == 99
? no public
@dave /game join
? no public
@dave /game nonsense
`,
      'fail.txt',
    );
    const result = await runTranscript(steps, hooks);
    expect(result.ok).toBe(false);
    expect(result.failures.map((f) => f.line)).toEqual([2, 3, 4, 6, 9, 10]);
    expect(result.failures[0]).toMatchObject({ file: 'fail.txt', expected: 'a public message here matching /victory/', actual: expect.stringContaining('Reminder') });
    expect(result.failures[1]?.expected).toBe('a button "Nope" that @dave can see here');
    expect(result.failures[2]?.actual).toBe('no !state taken before this line');
    expect(result.failures[3]).toMatchObject({ expected: '.moves == 99', actual: '.moves is 1' });
    expect(result.failures[4]?.actual).toMatch(/dave joined/);
    expect(result.failures[5]?.actual).toMatch(/needs a subcommand/);
  });

  it('GIVEN a stack that stands in for pictures WHEN a transcript runs THEN only the action before `? image` is drawn for real, and a stand-in never passes `? image`', async () => {
    const steps = parseTranscript(
      `@alice /game new game:tally
@bob /game join
!state
@alice click "Start"
? public ~ /./
? image
@alice select "Move" "Blue"
`,
      'pictures.txt',
    );
    const told: boolean[] = [];
    const drawn = await runTranscript(steps, { ...hooks, drawPictures: (on) => void told.push(on), standsIn: () => false });
    expect(drawn.failures).toEqual([]);
    expect(told).toEqual([false, false, true, false]);
    const stoodIn = await runTranscript(steps, { ...hooks, drawPictures: () => undefined, standsIn: (data) => data.equals(PNG) });
    expect(stoodIn.failures).toEqual([expect.objectContaining({ line: 6, expected: 'a public message with a PNG attachment' })]);
  });
});
