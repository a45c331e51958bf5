import { describeTranscripts } from '../support/transcripts.ts';

/** test/transcripts/lifeform-solo (Dragon's Domain) through the real bot, beside the base game's transcripts. */
describeTranscripts('transcripts: lifeform-solo', { only: ['lifeform-solo'] });
