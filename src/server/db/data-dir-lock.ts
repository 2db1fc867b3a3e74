/**
 * One owner for an embedded PGlite folder. Two processes writing the same PGlite files
 * corrupt them, and PGlite does not stop it, so the owner listens on a Unix socket kept
 * beside the folder (`<folder>.owner.sock`) for as long as it runs:
 *
 * - a second process cannot listen on the same path (EADDRINUSE); it connects, learns the
 *   owner's pid, and refuses to start with a message naming the folder;
 * - a process that was killed leaves only a socket file nobody listens on: connecting gets
 *   ECONNREFUSED, so the file is stale and the next start removes it and takes over. The
 *   kernel drops a dead process's listener, so no pid file can go stale and no pid can be
 *   mistaken for another program's;
 * - after listening, the new owner connects to the path once more and must meet itself,
 *   so of two processes racing to take over one stale lock only one goes on.
 *
 * Socket paths are limited to ~104 bytes; a longer folder path uses a socket in the temp
 * directory named by a hash of the folder's real path (still one per folder on a machine).
 * Windows uses a named pipe by the same hash (pipes vanish with their process).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, realpathSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** sockaddr_un.sun_path is 108 bytes on Linux and 104 on macOS, NUL included. */
const MAX_SOCKET_PATH = 103;

export class DataDirInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly ownerPid: number | null,
  ) {
    super(
      `The data folder ${folder} is already in use by another Boafo process${ownerPid ? ` (pid ${ownerPid})` : ''}. ` +
        'Its embedded database can have only one owner: stop the other process, or point this one at another DATA_DIR. ' +
        'To run several server processes side by side, use PostgreSQL: set DATABASE_URL=postgres://… for every process.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  socketPath: string;
  release(): Promise<void>;
}

/** The socket for a folder: beside it, or (too long a path, or `hashed`) in the temp directory by a hash of its real path. */
export function lockSocketPath(folder: string, hashed = false): string {
  return ownerSocketPath(folder, 'owner', hashed);
}

/**
 * A socket the folder's owner listens on, `<folder>.<name>.sock` (the lock is `owner`; db/backup.ts
 * answers on `backup`), placed like the lock's when the path is too long or cannot hold a socket.
 */
export function ownerSocketPath(folder: string, name: string, hashed = false): string {
  const beside = `${folder}.${name}.sock`;
  if (!hashed && process.platform !== 'win32' && Buffer.byteLength(beside) <= MAX_SOCKET_PATH) return beside;
  const real = existsSync(folder) ? realpathSync(folder) : path.resolve(folder);
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 32);
  const file = `boafo-${hash}${name === 'owner' ? '' : `-${name}`}`;
  return process.platform === 'win32' ? `\\\\.\\pipe\\${file}` : path.join(tmpdir(), `${file}.sock`);
}

/** Errors that mean "this filesystem cannot hold a socket", not "someone holds the lock". */
export const NO_SOCKETS_HERE = new Set(['ENOTSUP', 'EOPNOTSUPP', 'EPERM', 'EACCES', 'EINVAL', 'ENAMETOOLONG']);

/** What a connection to the path finds: the owner's hello, or why there is none. */
function ask(socketPath: string): Promise<{ pid: number; token: string } | 'refused' | 'missing'> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5000, () => socket.destroy(new Error(`No answer on ${socketPath}`)));
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => {
      try {
        const hello = JSON.parse(text) as { pid: number; token: string };
        resolve(hello);
      } catch {
        // Something else listens there; treat it as an owner we cannot name.
        resolve({ pid: 0, token: '' });
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') resolve('refused');
      else if (error.code === 'ENOENT') resolve('missing');
      else reject(error);
    });
  });
}

function listen(socketPath: string, token: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.end(JSON.stringify({ pid: process.pid, token })));
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(null) : reject(error)));
    server.listen(socketPath, () => {
      // The lock must never keep a finished process alive.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Takes the folder's lock or throws DataDirInUseError. A folder on a filesystem that cannot hold
 * a socket (some network or host-mounted volumes) is locked through the hashed temp-directory socket.
 */
export async function lockDataDir(folder: string): Promise<DataDirLock> {
  try {
    return await lockAt(folder, lockSocketPath(folder));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hashed = lockSocketPath(folder, true);
    if (!code || !NO_SOCKETS_HERE.has(code) || hashed === lockSocketPath(folder)) throw error;
    return lockAt(folder, hashed);
  }
}

async function lockAt(folder: string, socketPath: string): Promise<DataDirLock> {
  mkdirSync(path.dirname(socketPath), { recursive: true });
  const token = randomBytes(16).toString('hex');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const server = await listen(socketPath, token);
    if (server) {
      const hello = await ask(socketPath).catch(() => null);
      if (hello && typeof hello === 'object' && hello.token === token) {
        const inode = process.platform === 'win32' ? 0 : lstatSync(socketPath).ino;
        return { socketPath, release: () => close(server, socketPath, inode) };
      }
      // Another process replaced the path between our listen and our check: it owns the folder.
      // Our listener is left alone (unref'd): closing it would unlink the path, now the owner's.
      throw new DataDirInUseError(folder, hello && typeof hello === 'object' ? hello.pid : null);
    }
    const seen = process.platform === 'win32' ? null : lstatSync(socketPath, { throwIfNoEntry: false });
    const owner = await ask(socketPath);
    if (typeof owner === 'object') throw new DataDirInUseError(folder, owner.pid || null);
    if (owner === 'refused' && seen) {
      // Stale: its process is gone. Remove exactly the file we found dead, not a newer owner's.
      const now = lstatSync(socketPath, { throwIfNoEntry: false });
      if (now && now.ino === seen.ino) unlinkSync(socketPath);
    }
  }
  throw new DataDirInUseError(folder, null);
}

/** Closing a listener unlinks its path (libuv); if anything is left that is still ours, remove it too. */
function close(server: Server, socketPath: string, inode: number): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      const now = inode > 0 ? lstatSync(socketPath, { throwIfNoEntry: false }) : undefined;
      if (now && now.ino === inode) unlinkSync(socketPath);
      resolve();
    });
  });
}
