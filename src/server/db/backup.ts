/**
 * Backups of the embedded database (PGlite) while the server runs, and restoring one.
 *
 * The server owns its data folder alone (data-dir-lock.ts), so a backup is taken by the owner: beside
 * the lock it listens on a second Unix socket, `<folder>.backup.sock`, readable only by its own user
 * (like the folder itself). `npm run backup` asks there; when nobody listens, no server runs and the
 * command opens the folder itself. Neither an HTTP endpoint (a credential to manage, and a database
 * dump one misconfiguration away from the internet) nor a signal (no way to hand the file back) fits.
 *
 * A snapshot is PGlite's own dump of its folder (a tarball that `new PGlite(dir, { loadDataDir })`
 * opens), taken while no transaction is open: PGlite has one connection and every transaction and
 * statement holds its transaction lock, which the dump takes too. What the tarball holds is one point
 * in time: every transaction committed before it, none after, nothing half-done. The CHECKPOINT before
 * writes the buffered pages out, so the copy needs little WAL replay when it is opened. The database
 * pauses only for the copy itself (about 0.5 s per 60 MB); compressing happens after, off that lock
 * and off the event loop. The snapshot is built in memory: about the folder's size, briefly.
 * Pictures kept in the database (MEDIA_STORE=database) are rows, so they are in it.
 *
 * Restoring writes into a fresh folder beside the target, opens it once (PostgreSQL's recovery runs,
 * and it must be a Boafo database), then swaps it in and keeps what was there as `<folder>.before-restore-…`.
 * It takes the folder's lock first, so it refuses while a server holds it.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync } from 'node:fs';
import { readFile, readdir, rename, rm, unlink } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { newPglite } from './client';
import { lockDataDir, NO_SOCKETS_HERE, ownerSocketPath } from './data-dir-lock';

const gzipAsync = promisify(gzip);
const REQUEST = `${JSON.stringify({ op: 'backup' })}\n`;
const MAX_REQUEST_BYTES = 1024;

/** A consistent snapshot of an open PGlite: its folder as a gzipped tarball. */
export async function snapshot(client: PGlite): Promise<Buffer> {
  await client.exec('CHECKPOINT');
  // dumpDataDir alone waits only for the statement running now, not for an open transaction to end;
  // every transaction and top-level statement of PGlite holds this lock (public in PGlite 0.5's types).
  const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  // The fastest level: a third of the time of the default for a file an eighth larger (mostly empty pages).
  return gzipAsync(Buffer.from(await tar.arrayBuffer()), { level: constants.Z_BEST_SPEED });
}

export interface BackupListener {
  socketPath: string;
  close(): Promise<void>;
}

/** The owner of `folder` answers backup requests on its socket until close(). */
export async function serveBackups(client: PGlite, folder: string, onError: (error: unknown) => void): Promise<BackupListener> {
  // One snapshot at a time: two at once would only pause the database twice as long.
  let queue: Promise<unknown> = Promise.resolve();
  const answer = (socket: Socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (request.length > MAX_REQUEST_BYTES) {
        socket.destroy();
        return;
      }
      if (!request.includes('\n')) return;
      socket.removeAllListeners('data');
      socket.setTimeout(0);
      if (request !== REQUEST) {
        socket.end(`${JSON.stringify({ ok: false, error: 'Unknown request.' })}\n`);
        return;
      }
      const job = queue.then(() => snapshot(client));
      queue = job.catch(() => {});
      job.then(
        (bytes) => {
          const header = { ok: true, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
          socket.write(`${JSON.stringify(header)}\n`);
          socket.end(bytes);
        },
        (error: unknown) => {
          onError(error);
          socket.end(`${JSON.stringify({ ok: false, error: 'The snapshot failed; the server log says why.' })}\n`);
        },
      );
    });
  };
  for (const hashed of [false, true]) {
    const socketPath = ownerSocketPath(folder, 'backup', hashed);
    try {
      const server = await listenAt(socketPath, answer);
      return { socketPath, close: () => new Promise((resolve) => server.close(() => resolve())) };
    } catch (error) {
      if (hashed || !NO_SOCKETS_HERE.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  }
  throw new Error('unreachable');
}

async function listenAt(socketPath: string, answer: (socket: Socket) => void): Promise<Server> {
  const listen = () =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(answer);
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.unref();
        resolve(server);
      });
    });
  try {
    return restrict(await listen(), socketPath);
  } catch (error) {
    // The caller holds the folder's lock, so a socket file left here is a killed owner's.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await unlink(socketPath).catch(() => {});
    return restrict(await listen(), socketPath);
  }
}

/** Connecting needs write permission on the socket: only the server's own user may ask for the database. */
function restrict(server: Server, socketPath: string): Server {
  if (process.platform !== 'win32') chmodSync(socketPath, 0o600);
  return server;
}

/** Asks the server that owns `folder` for a snapshot; null when no server listens there. */
export async function askForBackup(folder: string): Promise<Buffer | null> {
  for (const hashed of [false, true]) {
    const reply = await ask(ownerSocketPath(folder, 'backup', hashed));
    if (reply) return reply;
  }
  return null;
}

function ask(socketPath: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(REQUEST));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      try {
        resolve(readReply(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function readReply(reply: Buffer): Buffer {
  const newline = reply.indexOf(10);
  if (newline < 0) throw new Error('The server closed the connection before the backup was complete.');
  const header = JSON.parse(reply.subarray(0, newline).toString('utf8')) as {
    ok: boolean;
    error?: string;
    bytes?: number;
    sha256?: string;
  };
  if (!header.ok) throw new Error(`The server could not take the backup: ${header.error}`);
  const bytes = reply.subarray(newline + 1);
  if (bytes.length !== header.bytes || createHash('sha256').update(bytes).digest('hex') !== header.sha256) {
    throw new Error('The backup arrived incomplete or damaged; nothing was written.');
  }
  return bytes;
}

/** Whether `folder` holds a PostgreSQL data folder. */
export const isDataFolder = (folder: string) => existsSync(`${folder}/PG_VERSION`);

/** A snapshot of a folder no server holds (it takes the lock, so a running server makes it throw DataDirInUseError). */
export async function snapshotFolder(folder: string): Promise<Buffer> {
  const lock = await lockDataDir(folder);
  try {
    if (!isDataFolder(folder)) throw new Error(`There is no database in ${folder}.`);
    const client = await newPglite(folder);
    try {
      return await snapshot(client);
    } finally {
      await client.close();
    }
  } finally {
    await lock.release();
  }
}

export interface RestoreResult {
  /** Where the folder's previous content was kept, or null when it was empty. */
  previous: string | null;
  /** Migrations the restored database had applied (the server applies newer ones at start). */
  migrations: number;
}

/** Restores a backup into `folder`; throws DataDirInUseError while a server holds it. */
export async function restoreBackup(file: string, folder: string): Promise<RestoreResult> {
  const bytes = await readFile(file);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new Error(`${file} is not a Boafo backup (a gzipped tarball from npm run backup).`);
  const lock = await lockDataDir(folder);
  const incoming = `${folder}.restoring`;
  try {
    await rm(incoming, { recursive: true, force: true });
    let migrations: number;
    try {
      const client = await newPglite(incoming, new Blob([new Uint8Array(bytes)], { type: 'application/x-gzip' }));
      try {
        const rows = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM boafo_migrations');
        migrations = rows.rows[0].n;
      } finally {
        await client.close();
      }
    } catch (error) {
      await rm(incoming, { recursive: true, force: true });
      throw new Error(
        `${file} could not be opened as a Boafo database (${error instanceof Error ? error.message : error}); ${folder} is unchanged.`,
      );
    }
    let previous: string | null = null;
    if (existsSync(folder) && (await readdir(folder)).length > 0) {
      previous = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(folder, previous);
    } else {
      await rm(folder, { recursive: true, force: true });
    }
    await rename(incoming, folder);
    return { previous, migrations };
  } finally {
    await lock.release();
  }
}
