import fs from 'node:fs';
import path from 'node:path';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on a data directory so that a second process cannot open the same
 * embedded database (two writers would silently lose data). A lock left by a dead process is
 * taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
        throw new Error(
          `The data directory ${dir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another directory.`,
          { cause: err },
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
