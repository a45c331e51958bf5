import { createCanvas } from 'canvas';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  Client,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  MessageFlags,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type Interaction,
  type SendableChannels,
} from 'discord.js';
import type { LocalDiscord } from '../../src/local/discord/index.ts';

/**
 * A stand-in bot for checking the sandbox page before the real stack exists: `/game new|join|start`,
 * autocomplete on `game`, a table image, buttons, a select, DMs and ephemeral replies.
 */
interface DemoGame {
  readonly name: string;
  readonly host: string;
  readonly players: string[];
  started: boolean;
  turn: number;
  readonly scores: number[];
}

const GAMES = ['tally', 'comanauts', 'coma-ward', 'lifeform', 'the-dungeon'];

const command = new SlashCommandBuilder()
  .setName('game')
  .setDescription('Host and play tabletop games')
  .addSubcommand((s) =>
    s
      .setName('new')
      .setDescription('Open a new game in a thread')
      .addStringOption((o) => o.setName('game').setDescription('Which game').setRequired(true).setAutocomplete(true))
      .addIntegerOption((o) => o.setName('players').setDescription('Seats (1–4)').setMinValue(1).setMaxValue(4))
      .addIntegerOption((o) => o.setName('seed').setDescription('Seed for the dice')),
  )
  .addSubcommand((s) => s.setName('join').setDescription('Take a seat in this game'))
  .addSubcommand((s) => s.setName('start').setDescription('Deal and begin (host only)'))
  .addSubcommand((s) =>
    s
      .setName('speed')
      .setDescription('Reminder pace')
      .addStringOption((o) => o.setName('pace').setDescription('How often').setRequired(true).addChoices({ name: 'Relaxed', value: 'relaxed' }, { name: 'Brisk', value: 'brisk' })),
  );

const secrets = new SlashCommandBuilder().setName('secrets').setDescription('Show your hidden cards');

function table(game: DemoGame): Buffer {
  const canvas = createCanvas(640, 300);
  const g = canvas.getContext('2d');
  g.fillStyle = '#1d3b2a';
  g.fillRect(0, 0, 640, 300);
  g.fillStyle = '#e8e2cf';
  g.font = 'bold 26px sans-serif';
  g.fillText(`${game.name} — turn ${game.turn + 1}`, 24, 44);
  game.players.forEach((_, i) => {
    const x = 60 + i * 150;
    g.fillStyle = i === game.turn % game.players.length ? '#f0b232' : '#5865f2';
    g.beginPath();
    g.arc(x + 40, 160, 44, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#ffffff';
    g.font = 'bold 30px sans-serif';
    g.fillText(String(game.scores[i] ?? 0), x + 30, 171);
  });
  return canvas.toBuffer('image/png');
}

async function answer(games: Map<string, DemoGame>, interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = String(interaction.options.getFocused()).toLowerCase();
    await interaction.respond(GAMES.filter((name) => name.includes(typed)).map((name) => ({ name, value: name })));
    return;
  }
  const game = games.get(interaction.channelId ?? '');
  if (interaction.isButton() && game) {
    await interaction.deferUpdate();
    const seat = game.players.indexOf(interaction.user.id);
    if (seat !== game.turn % game.players.length) {
      await interaction.followUp({ content: 'It is not your turn.', flags: MessageFlags.Ephemeral });
      return;
    }
    game.scores[seat] = (game.scores[seat] ?? 0) + (interaction.customId === 'roll' ? 4 : 1);
    game.turn += 1;
    await interaction.editReply({ components: [] });
    await post(interaction.channel as SendableChannels, game, `<@${interaction.user.id}> ${interaction.customId === 'roll' ? 'rolled a 4' : 'added 1'}.`);
    return;
  }
  if (interaction.isStringSelectMenu()) {
    await interaction.reply({ content: `You picked ${interaction.values.join(', ')}.`, flags: MessageFlags.Ephemeral });
    return;
  }
  if (!interaction.isChatInputCommand()) return;
  if (interaction.commandName === 'secrets') {
    await interaction.reply({ content: 'Your hidden card: **7 of cups**.', flags: MessageFlags.Ephemeral });
    return;
  }
  const sub = interaction.options.getSubcommand();
  if (sub === 'new') {
    await interaction.deferReply();
    const channel = interaction.channel;
    if (channel?.type !== ChannelType.GuildText) {
      await interaction.editReply('Open games from a text channel.');
      return;
    }
    const name = interaction.options.getString('game', true);
    const thread = await channel.threads.create({ name: `${name}-${games.size + 1}`, type: ChannelType.PublicThread });
    games.set(thread.id, { name, host: interaction.user.id, players: [interaction.user.id], started: false, turn: 0, scores: [0] });
    await thread.send({
      embeds: [new EmbedBuilder().setTitle(`New game: ${name}`).setDescription(`Host <@${interaction.user.id}>. Use \`/game join\` to take a seat, then \`/game start\`.`).setColor(0x5865f2)],
    });
    await interaction.editReply(`Opened <#${thread.id}> for **${name}**.`);
    return;
  }
  if (!game) {
    await interaction.reply({ content: 'There is no game in this channel.', flags: MessageFlags.Ephemeral });
    return;
  }
  if (sub === 'join') {
    game.players.push(interaction.user.id);
    game.scores.push(0);
    await interaction.reply(`<@${interaction.user.id}> takes seat ${game.players.length}.`);
    try {
      await interaction.user.send(`Welcome to ${game.name}. Your secret goal: reach 10 first.`);
    } catch {
      await (interaction.channel as SendableChannels).send(`I could not DM <@${interaction.user.id}>; use /secrets.`);
    }
    return;
  }
  if (sub === 'start') {
    if (interaction.user.id !== game.host) {
      await interaction.reply({ content: 'Only the host can start.', flags: MessageFlags.Ephemeral });
      return;
    }
    await interaction.deferReply();
    game.started = true;
    await interaction.editReply(`The game begins with ${game.players.length} players.`);
    await post(interaction.channel as SendableChannels, game, 'First turn.');
    return;
  }
  await interaction.reply(`Pace set to ${interaction.options.getString('pace', true)}.`);
}

async function post(channel: SendableChannels, game: DemoGame, text: string): Promise<void> {
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId('roll').setLabel('Roll').setStyle(ButtonStyle.Primary),
    new ButtonBuilder().setCustomId('add').setLabel('Add 1').setStyle(ButtonStyle.Secondary),
  );
  const menu = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
    new StringSelectMenuBuilder().setCustomId('card').setPlaceholder('Play a card').addOptions({ label: 'Red door', value: 'red' }, { label: 'Blue key', value: 'blue' }),
  );
  const who = game.players[game.turn % game.players.length] ?? '';
  await channel.send({
    content: `${text} Now <@${who}>'s turn.`,
    files: [new AttachmentBuilder(table(game), { name: 'table.png' })],
    components: [row, menu],
  });
}

/** Logs a demo bot in to `discord`; returns the client (destroy it before closing the server). */
export async function startDemoBot(discord: LocalDiscord): Promise<Client> {
  const games = new Map<string, DemoGame>();
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
  client.on(Events.InteractionCreate, (i) => void answer(games, i).catch((error: unknown) => console.error(error)));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(discord.botToken);
  await ready;
  await client.application?.commands.set([command.toJSON(), secrets.toJSON()]);
  return client;
}
