export * from './discord/index.ts';
export * from './transcript/index.ts';
export { createSandboxHandler, type SandboxMessage } from './web/sandbox.ts';
