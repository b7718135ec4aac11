import { it, expect } from 'vitest';
import { photoJpeg } from '/work/wt-hostile/server/test/image-fixtures.ts';
import { structureProblem } from '/work/wt-hostile/server/src/features/uploads/image-bytes.ts';
it('rate', async () => {
  let bad = 0; const n = 150;
  for (let i = 0; i < n; i++) { const p = await photoJpeg(2400, 1800); if (structureProblem(p, 'jpeg')) bad++; }
  console.log('BAD', bad, 'of', n);
}, 600_000);
