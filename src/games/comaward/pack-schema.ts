import type { z } from 'zod';
import { checker } from '../../content/expected.ts';
import { filesSchema, type ComaWardPack, type Files, type Hallucination, type Phenomenon } from './content.ts';
import { checkReferences } from './content-refs.ts';

const BASE_FILES = new Set(['pack', 'mat', 'board', 'rooms', 'hallucination-rooms', 'items', 'neuroses', 'quirks', 'chart']);
const hallucinationFiles = (files: Record<string, unknown>): string[] => Object.keys(files).filter((k) => k.startsWith('hallucinations/')).sort();
const phenomenonFiles = (files: Record<string, unknown>): string[] => Object.keys(files).filter((k) => k.startsWith('phenomena/')).sort();

function normalize(files: Files): ComaWardPack {
  const raw = files as unknown as Record<string, unknown>;
  const phenomena: Record<string, Phenomenon> = {};
  for (const key of phenomenonFiles(raw)) {
    const p = raw[key] as Phenomenon;
    phenomena[p.id] = p;
  }
  return {
    id: files.pack.id,
    version: files.pack.version,
    mat: files.mat,
    board: files.board,
    rooms: files.rooms,
    hallucinationRooms: files['hallucination-rooms'],
    hallucinations: hallucinationFiles(raw).flatMap((k) => raw[k] as Hallucination[]),
    items: files.items,
    neuroses: files.neuroses,
    quirks: files.quirks,
    chart: files.chart.rows,
    phenomena,
  };
}

/**
 * Validates a Coma Ward pack as loaded by `src/content` and normalizes it to a {@link ComaWardPack}.
 * Issue paths start with the file key, so each error names its file and the place inside it.
 */
export const comaWardPackSchema = filesSchema
  .superRefine((files, ctx) => {
    const raw = files as unknown as Record<string, unknown>;
    const need = checker(ctx, 'comaward');
    for (const key of Object.keys(raw)) {
      if (BASE_FILES.has(key)) continue;
      if (key.startsWith('hallucinations/')) {
        need(Array.isArray(raw[key]), [key], 'hallucinationList');
      } else if (key.startsWith('phenomena/')) {
        need(!Array.isArray(raw[key]), [key], 'onePhenomenon');
      } else need(false, [key], 'knownFiles');
    }
    try {
      checkReferences(files, normalize(files), ctx);
    } catch {
      /* the shape issues already reported leave nothing sound to cross-check */
    }
  })
  .transform((files) => normalize(files)) as unknown as z.ZodType<ComaWardPack>;
