import { describeTranscripts, ownFileFolders } from '../support/transcripts.ts';

/** Every transcript folder that has no file of its own (see ownFileFolders), through the real bot. */
describeTranscripts('transcripts', { except: ownFileFolders });
