import { describe, expect, it } from 'vitest';
import { EFFECTS } from '../../src/effects/index.ts';
import { effectThumbnailKey, lookThumbnailKey, thumbnailJobs } from '../../src/effects/thumbnail-jobs.ts';
import { LOOKS } from '../../src/grading/looks/index.ts';

describe('thumbnail jobs', () => {
  const jobs = thumbnailJobs();
  const keys = jobs.flatMap((job) => job.keys);

  it('name every worker effect and every look once', () => {
    const expected = [
      ...EFFECTS.filter((effect) => effect.runsOn === 'worker').map((effect) =>
        effectThumbnailKey(effect.id),
      ),
      ...LOOKS.map((look) => lookThumbnailKey(look.name)),
    ];
    expect([...keys].sort()).toEqual([...expected].sort());
  });

  it('render an image once where an effect at its defaults is a look (Filters opens on Nashville)', () => {
    const filters = jobs.find((job) => job.keys.includes(effectThumbnailKey('pg2016')));
    expect(filters?.keys).toEqual([effectThumbnailKey('pg2016'), lookThumbnailKey('nashville')]);
    expect(jobs.length).toBe(keys.length - 1);
  });
});
