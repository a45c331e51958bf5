import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** What the proxy does with a client's bytes that match `cutOn`. */
export type CutMode =
  /** Forward them, wait for the server's answer, drop it and cut: the statement committed, its reply is lost. */
  | 'afterReply'
  /** Drop them and cut: the statement never reached the server. */
  | 'beforeSend';

/**
 * A TCP proxy between the app and a PostgreSQL server that a test can cut at a chosen statement: the
 * connection drops exactly where an app would not know whether its write committed.
 */
export interface CuttingProxy {
  readonly port: number;
  /** Arms one cut: the next client packet holding `marker` (e.g. a statement's text). */
  cutOn(marker: string, mode: CutMode): Promise<void>;
  /** Cuts every open connection now. */
  cutAll(): void;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: { host: string; port: number }): Promise<CuttingProxy> {
  const pairs = new Set<{ client: Socket; server: Socket }>();
  let armed: { marker: string; mode: CutMode; done: () => void } | null = null;

  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    const pair = { client, server: upstream };
    pairs.add(pair);
    let dropReplies = false;
    const cut = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('data', (chunk: Buffer) => {
      const cutHere = armed && chunk.includes(armed.marker) ? armed : null;
      if (!cutHere) {
        upstream.write(chunk);
        return;
      }
      armed = null;
      if (cutHere.mode === 'beforeSend') {
        cut();
        cutHere.done();
        return;
      }
      dropReplies = true;
      upstream.write(chunk);
      // ReadyForQuery ('Z') ends the server's answer to the Sync: the statement has run and committed.
      const onReply = (reply: Buffer) => {
        if (!reply.includes(Buffer.from([0x5a, 0x00, 0x00, 0x00, 0x05]))) return;
        upstream.off('data', onReply);
        cut();
        cutHere.done();
      };
      upstream.on('data', onReply);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!dropReplies) client.write(chunk);
    });
    client.on('error', cut);
    upstream.on('error', cut);
    client.on('close', cut);
    upstream.on('close', cut);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('proxy has no port');

  const proxy: CuttingProxy = {
    port: address.port,
    cutOn(marker, mode) {
      return new Promise((resolve) => {
        armed = { marker, mode, done: resolve };
      });
    },
    cutAll: () => {
      for (const p of pairs) {
        p.client.destroy();
        p.server.destroy();
      }
      pairs.clear();
    },
    async close() {
      proxy.cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
