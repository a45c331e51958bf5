import { SlashCommandBuilder } from '@discordjs/builders';
import { PermissionFlagsBits, type Attachment } from 'discord.js';
import { UPLOAD_LIMITS } from '../src/app/packs.ts';
import { ok, ownValue, reject } from '../src/core/index.ts';
import { packErrorText } from '../src/content/error-text.ts';
import type { PackError, PackSourceFile } from '../src/content/index.ts';
import type { CommandContext, CommandModule, CommandResult } from '../src/discord/command.ts';
import { described, t } from '../src/i18n/index.ts';

/** Attachment options of `/pack upload` (Discord allows 25 options; a pack upload is bounded by {@link UPLOAD_LIMITS}). */
const FILE_OPTIONS = Array.from({ length: UPLOAD_LIMITS.maxFiles }, (_, i) => `file${i + 1}`);

/** Room left in one Discord message (2,000 characters) for the list of errors. */
const MESSAGE_ROOM = 1800;

const DOWNLOAD_TIMEOUT_MS = 15_000;

/**
 * `/pack upload | list`: a server's own content packs (issue 14). Uploading needs Manage Server; Discord
 * hides the command from others by default, and the bot checks again.
 * @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-type
 */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('pack'), 'content.cmd.pack')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) => {
      const sub = described(s.setName('upload'), 'content.cmd.upload');
      FILE_OPTIONS.forEach((name, i) => sub.addAttachmentOption((o) => described(o.setName(name), 'content.cmd.file').setRequired(i === 0)));
      return sub;
    })
    .addSubcommand((s) =>
      described(s.setName('list'), 'content.cmd.list').addStringOption((o) => described(o.setName('game'), 'content.cmd.game').setRequired(true).setAutocomplete(true)),
    ),

  async execute(ctx) {
    if (!ctx.place.guildId) return reject('content.upload.guildOnly');
    if (!ctx.interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return reject('content.upload.notAdmin');
    if (ctx.interaction.options.getSubcommand(true) === 'list') return list(ctx);
    return upload(ctx);
  },

  async autocomplete(ctx) {
    const typed = String(ctx.interaction.options.getFocused() ?? '').toLowerCase();
    return Object.keys(ctx.services.catalog.modules)
      .filter((id) => id.includes(typed) || ctx.t(`commands.games.${id}`).toLowerCase().includes(typed))
      .slice(0, 25)
      .map((id) => ({ name: ctx.t(`commands.games.${id}`), value: id }));
  },
};

async function list(ctx: CommandContext): Promise<CommandResult> {
  const gameType = ctx.interaction.options.getString('game', true);
  if (!ownValue(ctx.services.catalog.modules, gameType)) return reject('core.game.unknownType', { gameType });
  const game = ctx.t(`commands.games.${gameType}`);
  const choices = await ctx.services.app.packChoices(ctx.place.guildId, gameType);
  if (choices.length === 0) return ok({ visibility: 'ephemeral', content: ctx.t('content.list.none', { game }) });
  const lines = choices.map((c) => `- ${ctx.t(c.uploaded ? 'content.list.uploaded' : 'content.list.shipped', { name: c.name?.[ctx.lang] ?? c.id, packId: c.id, version: c.version })}`);
  return ok({ visibility: 'ephemeral', content: [ctx.t('content.list.header', { game }), ...lines].join('\n').slice(0, 2000) });
}

/** A Discord file name back to a pack path: `entries__chapter1.yaml` → `entries/chapter1.yaml` (Discord drops folders). */
export function packPathOf(filename: string): string {
  return filename.replace(/__/g, '/');
}

/** Reads one attachment as UTF-8 text within the upload limit, or says why not (as a pack error, in the same list). */
async function download(attachment: Attachment, name: string): Promise<PackSourceFile | PackError> {
  const problem = (code: string, params: Record<string, string | number> = {}): PackError => ({ file: name, path: '', code, expected: '', message: code, params: { file: name, path: '', ...params } });
  if (attachment.size > UPLOAD_LIMITS.maxFileBytes) return problem('content.upload.tooLarge', { size: attachment.size, limit: UPLOAD_LIMITS.maxFileBytes });
  let bytes: Buffer;
  try {
    const response = await fetch(attachment.url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!response.ok) return problem('content.upload.downloadFailed');
    bytes = Buffer.from(await response.arrayBuffer());
  } catch {
    return problem('content.upload.downloadFailed');
  }
  if (bytes.length > UPLOAD_LIMITS.maxFileBytes) return problem('content.upload.tooLarge', { size: bytes.length, limit: UPLOAD_LIMITS.maxFileBytes });
  try {
    return { name, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return problem('content.upload.notText');
  }
}

/** One line per problem, in the reader's language: file, place inside it, and what was expected. */
function errorLines(ctx: CommandContext, errors: readonly PackError[]): string[] {
  return errors.map((e) => `- ${packErrorText(ctx.lang, e)}${e.line === undefined ? '' : ` (${e.line})`}`);
}

async function upload(ctx: CommandContext): Promise<CommandResult> {
  const attachments = FILE_OPTIONS.map((name) => ctx.interaction.options.getAttachment(name)).filter((a): a is Attachment => a !== null);
  const files: PackSourceFile[] = [];
  const problems: PackError[] = [];
  const seen = new Set<string>();
  for (const attachment of attachments) {
    const name = packPathOf(attachment.name);
    if (seen.has(name)) {
      problems.push({ file: name, path: '', code: 'content.upload.sameName', expected: '', message: '', params: { file: name } });
      continue;
    }
    seen.add(name);
    const got = await download(attachment, name);
    if ('text' in got) files.push(got);
    else problems.push(got);
  }
  const result = problems.length > 0 ? { ok: false as const, error: problems } : await ctx.services.app.uploadPack(ctx.place.guildId, ctx.actor.userId, files);
  if (!result.ok) {
    const lines = errorLines(ctx, result.error);
    const header = ctx.t('content.upload.refused', { count: lines.length });
    let body = header;
    let shown = 0;
    for (const line of lines) {
      if (body.length + line.length + 1 > MESSAGE_ROOM) break;
      body += `\n${line}`;
      shown++;
    }
    const rest = lines.length - shown;
    const full = [header, ...lines].join('\n');
    return ok({
      visibility: 'ephemeral',
      content: rest > 0 ? `${body}\n${ctx.t('content.upload.more', { count: rest })}` : body,
      ...(rest > 0 ? { files: [{ name: 'pack-errors.txt', data: Buffer.from(`${full}\n`) }] } : {}),
    });
  }
  const p = result.value;
  if (p.unchanged) return ok({ visibility: 'ephemeral', content: ctx.t('content.upload.unchanged', { packId: p.id, version: p.version }) });
  const choice = (await ctx.services.app.packChoices(ctx.place.guildId, p.gameType)).find((c) => c.id === p.id);
  const game = t(ctx.lang, `commands.games.${p.gameType}`);
  return ok({
    visibility: 'public',
    content: ctx.t('content.upload.stored', { admin: `<@${ctx.actor.userId}>`, name: choice?.name?.[ctx.lang] ?? p.id, packId: p.id, version: p.version, files: p.files, game, gameType: p.gameType }),
  });
}
