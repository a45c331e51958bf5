export {
  parseTranscript,
  parseDuration,
  expandTimes,
  parsePath,
  stripComment,
  TranscriptSyntaxError,
  type Step,
  type StepOrigin,
  type Expectation,
  type TextPattern,
  type CompareOp,
} from './parse.ts';
export {
  runTranscript,
  readableText,
  interactiveComponents,
  type BotOutput,
  type TranscriptFailure,
  type TranscriptHooks,
  type TranscriptResult,
} from './run.ts';
