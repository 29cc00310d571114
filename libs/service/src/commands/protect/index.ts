import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { protectAdapter } from './adapter';
import { protectChecker } from './check-answer';

/** protect: everything the service knows about the command (registered in commands/index.ts). */
export const protectCommand: CommandModule = {
  command: 'protect',
  adapter: protectAdapter,
  checker: protectChecker,
  shape: { fields: ['data', 'data_shards', 'parity_shards'], requires: [['data']], distinctive: ['data', 'data_shards', 'parity_shards'], prior: 0.9 },
  worksheet: {
    objective: 'Split the data (base64) into k data shards and add m parity shards, so that any k of the k + m shards give it back; keep the manifest with the shards.',
    template: { tag: TAG, description: 'Spread a backup over six disks so that any two may fail.', n: 12, data: 'aGVsbG8gd29ybGQh', data_shards: 4, parity_shards: 2 },
  },
  examples: Object.freeze([
    example({
      id: 'protect-six-disks',
      command: 'protect',
      title: 'A file spread over six disks, any two may fail',
      story: 'The data (base64) is cut into 4 data shards and 2 parity shards are added; store one shard per disk and keep the manifest. Any 4 of the 6 shards give the file back through recover, even when a shard comes back corrupted (its SHA-256 tells).',
      problem: {
        tag: TAG,
        description: 'Protect a short config file against the loss of any two of six disks.',
        n: 41,
        data: 'cmFjay03OiByZXBsaWNhcz0zIHpvbmU9ZXUtd2VzdCBxdW9ydW09Mgo=',
        data_shards: 4,
        parity_shards: 2,
      },
      query: { effort: 'flash', seed: 0 },
      expected: { field: 'size', value: 41, certainty: CERTAINTY.operationExact },
    }),
  ]),
};
