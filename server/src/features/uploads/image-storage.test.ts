import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { type ImageStorage, localImageStorage, newImageName } from './image-storage.ts';

/** What every storage driver must do; an S3 driver runs the same checks. */
function storageContract(name: string, make: () => ImageStorage) {
  describe(`${name} image storage`, () => {
    const storage = make();
    const contents = async (key: string) => {
      const opened = await storage.open(key);
      if (!opened) throw new Error(`${key} is not stored`);
      return text(opened.stream);
    };

    it('stores an image under a new name, and opens it with its size', async () => {
      const key = newImageName();
      expect(key).toMatch(/^[0-9a-f]{32}\.webp$/);
      expect(await storage.has(key)).toBe(false);
      await storage.save(key, Buffer.from('RIFF-webp-bytes'));
      expect(await storage.has(key)).toBe(true);
      const opened = await storage.open(key);
      expect(opened?.size).toBe(15);
      opened?.stream.destroy();
      expect(await contents(key)).toBe('RIFF-webp-bytes');
    });

    it('never overwrites a stored image', async () => {
      const key = newImageName();
      await storage.save(key, Buffer.from('first'));
      await expect(storage.save(key, Buffer.from('second'))).rejects.toThrow();
      expect(await contents(key)).toBe('first');
    });

    it('knows nothing of names that are not image names', async () => {
      for (const odd of ['../../etc/passwd', '.partial', 'x.svg', `${'0'.repeat(32)}.webp/..`]) {
        expect(await storage.has(odd)).toBe(false);
        expect(await storage.open(odd)).toBeUndefined();
      }
      await expect(storage.save('../escape.webp', Buffer.from('x'))).rejects.toThrow();
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'pp-storage-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

storageContract('local', () => localImageStorage(join(dir, 'uploads')));

describe('local image storage', () => {
  it('makes its directory on the first save and leaves no partial file behind', async () => {
    const storage = localImageStorage(join(dir, 'later', 'uploads'));
    await storage.save(newImageName(), Buffer.from('x'));
    expect(readdirSync(join(dir, 'later', 'uploads')).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});
