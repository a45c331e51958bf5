import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration: where pictures are drawn', () => {
  it('GIVEN no RENDER_THREAD WHEN loaded THEN pictures are drawn in the worker thread; inline may be chosen; anything else is refused by name', () => {
    expect(loadConfig({}).RENDER_THREAD).toBe('worker');
    expect(loadConfig({ RENDER_THREAD: 'inline' }).RENDER_THREAD).toBe('inline');
    expect(() => loadConfig({ RENDER_THREAD: 'gpu' })).toThrow(/RENDER_THREAD is invalid \(got "gpu"\)/);
  });
});
