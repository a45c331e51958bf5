import { describeTranscripts } from '../support/transcripts.ts';

/** test/transcripts/adventure through the real bot, in its own file so it runs beside the other folders. */
describeTranscripts('transcripts: adventure', { only: ['adventure'] });
