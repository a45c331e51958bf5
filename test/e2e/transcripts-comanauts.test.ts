import { describeTranscripts } from '../support/transcripts.ts';

/** test/transcripts/comanauts through the real bot, in its own file so it runs beside the other folders. */
describeTranscripts('transcripts: comanauts', { only: ['comanauts'] });
