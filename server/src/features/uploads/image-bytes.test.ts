import { describe, expect, it } from 'vitest';
import { structureProblem } from './image-bytes.ts';

const bytes = (...parts: (number[] | string | Buffer)[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );
const segment = (marker: number, content: string) =>
  bytes([0xff, marker, 0, content.length + 2], content);

describe('the markup check of an upload’s bytes', () => {
  // A photo's compressed pixels are noise: now and then they spell `<svg` (a real photo was refused).
  it('does not read compressed JPEG scan data as markup', () => {
    const jpeg = bytes([0xff, 0xd8], segment(0xda, 'scan'), '<svg onload=x', [0xff, 0xd9]);
    expect(structureProblem(jpeg, 'jpeg')).toBeUndefined();
  });

  it('still finds markup in a JPEG comment, and after the end of the image', () => {
    const comment = bytes(
      [0xff, 0xd8],
      segment(0xfe, '<script>'),
      segment(0xda, 'scan'),
      'x',
      [0xff, 0xd9],
    );
    expect(structureProblem(comment, 'jpeg')).toBe('extra-data');
    const appended = bytes([0xff, 0xd8], segment(0xda, 'scan'), 'x', [0xff, 0xd9], '<html>');
    expect(structureProblem(appended, 'jpeg')).toBe('extra-data');
  });
});
