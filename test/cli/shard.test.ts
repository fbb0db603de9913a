import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShard, shardFiles, sortedPaths } from '../../cli/shard.js';
import { UsageError } from '../../cli/io.js';

const paths = fc.array(fc.oneof(
  fc.constantFrom('a.hp', './a.hp', 'b.hp', 'examples/x.hp', 'examples/./x.hp', 'Z.hp', 'é.hp'),
  fc.stringMatching(/^[a-z0-9_./-]{1,12}$/),
), { maxLength: 40 });

describe('--shard I/N', () => {
  it('parses I/N with 1 <= I <= N', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('3/4')).toEqual({ index: 3, count: 4 });
  });

  it('refuses anything else with a usage error naming the option and what it expects', () => {
    for (const bad of ['0/4', '5/4', '1/0', '1', '1/', '/4', 'a/b', '1/2/3', '-1/4', '1.5/4', '01/4', '1/100000', '']) {
      expect(() => parseShard(bad), bad).toThrow(UsageError);
      expect(() => parseShard(bad), bad).toThrow(/--shard expects I\/N .*1 <= I <= N/);
    }
  });
});

describe('the partition of files into shards', () => {
  it('is disjoint and covers every file exactly once (as many times as it was given)', () => {
    fc.assert(fc.property(paths, fc.integer({ min: 1, max: 9 }), (files, count) => {
      const shards = Array.from({ length: count }, (_, i) => shardFiles(files, { index: i + 1, count }));
      expect(shards.flat().sort()).toEqual([...files].sort());
      // Sizes differ by at most one, earlier shards first.
      const sizes = shards.map((shard) => shard.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    }));
  });

  it('does not depend on the order the files are given in', () => {
    fc.assert(fc.property(paths.chain((files) => fc.tuple(fc.constant(files), fc.shuffledSubarray(files, { minLength: files.length, maxLength: files.length }))),
      fc.integer({ min: 1, max: 9 }), ([files, shuffled], count) => {
        for (let index = 1; index <= count; index++) expect(shardFiles(shuffled, { index, count })).toEqual(shardFiles(files, { index, count }));
      }));
  });

  it('sorts by the normalized path, by code units (not by locale)', () => {
    expect(sortedPaths(['b.hp', './a.hp', 'B.hp', 'a/b.hp'])).toEqual(['B.hp', './a.hp', 'a/b.hp', 'b.hp']);
  });

  it('gives a shard no file when there are more shards than files', () => {
    expect(shardFiles(['x.hp'], { index: 2, count: 3 })).toEqual([]);
    expect(shardFiles([], { index: 1, count: 1 })).toEqual([]);
  });
});
