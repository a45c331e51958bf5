import { afterAll, beforeAll } from 'vitest';
import { startLocalStack, type LocalStack } from '../../src/local/stack.ts';
import { createLogger } from '../../src/ops/logger.ts';

/** The whole local stack (bot, local Discord, embedded database) for one test file; `get()` inside tests. */
export function useLocalStack(): { get(): LocalStack } {
  let stack: LocalStack | undefined;
  beforeAll(async () => {
    stack = await startLocalStack({ memory: true, logger: createLogger('silent'), env: {} });
  });
  afterAll(async () => {
    await stack?.stop();
  });
  return {
    get() {
      if (!stack) throw new Error('the local stack has not started');
      return stack;
    },
  };
}

/** alice hosts an adventure (seed 2) in a new thread, bob joins, alice starts it; returns the thread id. */
export async function startTwoPlayerAdventure(d: LocalStack['discord']): Promise<string> {
  await d.slash('alice', d.channelId, '/game new game:adventure seed:2');
  const thread = d.threads(d.channelId).at(-1);
  if (!thread) throw new Error('no thread');
  await d.slash('bob', thread.id, '/game join');
  await d.slash('alice', thread.id, '/game start');
  return thread.id;
}
