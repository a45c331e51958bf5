import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiObject } from './types.ts';
import type { Refusal } from './validate.ts';
import type { UploadedFile } from './world.ts';

/** An error answered with Discord's status and JSON body (`{message, code}`, plus `errors` for 50035). */
export class HttpError extends Error {
  constructor(readonly status: number, readonly body: ApiObject) {
    super(String(body.message));
  }
}

/** Discord's 404 for a missing resource, e.g. `Unknown Channel` (10003). */
export const notFound = (what: string, code: number): HttpError => new HttpError(404, { message: `Unknown ${what}`, code });

export function raise(error: Error): never {
  throw error;
}

/** Throws Discord's answer when a validator refused the payload. */
export function refuseIf(refusal: Refusal | null): void {
  if (refusal) throw new HttpError(refusal.status, refusal.body);
}

export function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body ?? null);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The whole request body (plain listeners: an async iterator costs a few event-loop turns per request). */
function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** A JSON body, or a multipart one (`payload_json` plus `files[n]`). */
export async function readBody(req: IncomingMessage): Promise<{ body: ApiObject; files: UploadedFile[] }> {
  const raw = await readRaw(req);
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: {}, files: [] };
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    let body: ApiObject = {};
    const files: UploadedFile[] = [];
    for (const [field, value] of form.entries()) {
      if (field === 'payload_json' && typeof value === 'string') body = JSON.parse(value) as ApiObject;
      else if (typeof value !== 'string') {
        files.push({ field, name: value.name, contentType: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
      }
    }
    return { body, files };
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')) as ApiObject, files: [] };
  } catch {
    return { body: {}, files: [] };
  }
}
