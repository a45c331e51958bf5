import { ATTACHMENT_BYTES_MAX } from '../discord/limits.ts';
import type { DrawPicture, PictureRequest } from '../discord/services.ts';
import { renderPicture } from '../render/host.ts';

/** A valid 1×1 transparent PNG: what a deferred picture is posted as. */
const STAND_IN = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Pictures of a local stack drawn only when somebody looks at them. A transcript step costs a few
 * milliseconds of rules and storage but about 60 ms of drawing per picture (a table and each seat's own
 * view after most commands), and a transcript looks at a picture (`? image`) a handful of times at most.
 * While `drawing` is off, each picture is posted as a 1×1 stand-in with the same name and alt text, and
 * its request is kept; {@link PictureDeferral.drawNewest} then draws the newest request of each table and
 * seat for real, so every game a transcript played still proves its pictures can be drawn.
 */
export interface PictureDeferral {
  /** Draw for real now (a step about to look at a picture), or stand in. Off at first. */
  drawing: boolean;
  /** For the runtime (`RuntimeOptions.drawPicture`). */
  readonly draw: DrawPicture;
  /** Whether these bytes are a stand-in, so a check for a picture never passes on one. */
  standsIn(data: Buffer): boolean;
  /**
   * Draws the newest stood-in picture of each table and seat (those drawn since are skipped), each a
   * PNG within Discord's upload limit; returns one line per failure, empty when all were drawn.
   */
  drawNewest(): Promise<string[]>;
  /** Pictures drawn for real and stood in for so far. */
  counts(): { readonly drawn: number; readonly stoodIn: number };
}

/** A picture that is not a PNG within the upload limit, in words; null when it is one. */
function pictureProblem(data: Buffer): string | null {
  if (!data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'not a PNG';
  if (data.length > ATTACHMENT_BYTES_MAX) return `${data.length} bytes, over Discord's ${ATTACHMENT_BYTES_MAX}`;
  return null;
}

export function deferPictures(draw: DrawPicture = (r) => renderPicture(r.gameType, r.view, r.locale, r.pack)): PictureDeferral {
  /** The newest stood-in request of each key; a picture drawn for real since removes its key. */
  const owed = new Map<string, PictureRequest>();
  let drawn = 0;
  let stoodIn = 0;
  const deferral: PictureDeferral = {
    drawing: false,
    async draw(request) {
      if (!deferral.drawing) {
        owed.delete(request.key);
        owed.set(request.key, request);
        stoodIn++;
        return STAND_IN;
      }
      owed.delete(request.key);
      drawn++;
      return draw(request);
    },
    standsIn: (data) => data.equals(STAND_IN),
    async drawNewest() {
      const problems: string[] = [];
      const requests = [...owed.values()];
      owed.clear();
      for (const request of requests) {
        try {
          const problem = pictureProblem(await draw(request));
          if (problem) problems.push(`${request.gameType} picture ${request.key}: ${problem}`);
        } catch (error) {
          problems.push(`${request.gameType} picture ${request.key}: ${error instanceof Error ? error.message : String(error)}`);
        }
        drawn++;
      }
      return problems;
    },
    counts: () => ({ drawn, stoodIn }),
  };
  return deferral;
}
