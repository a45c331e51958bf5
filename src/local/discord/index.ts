export { startLocalDiscord, type LocalDiscord, type LocalDiscordOptions, type SlashInput, type SlashFile } from './server.ts';
export { parseCommandLine, tokenize, CommandLineError, OptionType, type InteractionOption, type ParsedCommandLine } from './command-line.ts';
export { SnowflakeGenerator, shardOf, snowflakeTime, DISCORD_EPOCH } from './snowflake.ts';
export { World, allowedMentionIds, mentionedUserIds, type UploadedFile } from './world.ts';
export type * from './types.ts';
export { ChannelKind } from './types.ts';
export { FormErrors, validateCallback, validateChannelName, validateCommands, validateMessage, type Refusal } from './validate.ts';
