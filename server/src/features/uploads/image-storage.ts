import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** A stored product image: its name (`<32 hex>.webp`) is also the last part of its URL. */
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.webp$/;

export const newImageName = () => `${randomBytes(16).toString('hex')}.webp`;

/**
 * Where product images live. The local driver keeps them under `DATA_DIR/uploads`; an S3 (or any
 * object store) driver implements the same three calls, and `/uploads/<name>` keeps working.
 */
export interface ImageStorage {
  /** Stores a new image under a name from `newImageName()`; never overwrites. */
  save(name: string, webp: Buffer): Promise<void>;
  /** Whether an image of that name was stored. */
  has(name: string): Promise<boolean>;
  /** The image's bytes for serving, or undefined when there is none. */
  open(name: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Deletes the image (none of that name: nothing to do). */
  remove(name: string): Promise<void>;
}

/**
 * Images as files in one directory; a half-written file is never visible under its name. The
 * directory is made on the first save, so that start-up does not depend on it.
 */
export function localImageStorage(dir: string): ImageStorage {
  const pathOf = (name: string) => {
    if (!STORED_IMAGE_NAME.test(name)) throw new Error(`not a stored image name: ${name}`);
    return join(dir, name);
  };
  const sizeOf = async (name: string) => {
    if (!STORED_IMAGE_NAME.test(name)) return undefined;
    try {
      const found = await stat(pathOf(name));
      return found.isFile() ? found.size : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    async save(name, webp) {
      const target = pathOf(name);
      // Dot-prefixed: the name pattern never matches it, so it is never served or counted.
      const partial = join(dir, `.${name}.${process.pid}.partial`);
      await mkdir(dir, { recursive: true });
      try {
        await writeFile(partial, webp, { flag: 'wx' });
        // A hard link appears whole and, unlike rename, fails if the name is taken.
        await link(partial, target);
      } finally {
        await rm(partial, { force: true });
      }
    },
    async has(name) {
      return (await sizeOf(name)) !== undefined;
    },
    async open(name) {
      const size = await sizeOf(name);
      if (size === undefined) return undefined;
      return { stream: createReadStream(pathOf(name)), size };
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}
