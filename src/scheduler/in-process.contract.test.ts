import { describeSchedulerContract } from './contract.test-helper.ts';
import { InProcessScheduler } from './in-process.ts';

describeSchedulerContract('in-process', () => ({
  create: ({ claim, retry, onError }) => new InProcessScheduler({ retry, onError, ...(claim ? { claim } : {}) }),
  wipe: async () => undefined,
}));
