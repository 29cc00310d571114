import { CERTAINTY, REGISTRY } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { recoverAdapter } from './adapter';
import { recoverChecker } from './check-answer';

/** recover: everything the service knows about the command (registered in commands/index.ts). */
export const recoverCommand: CommandModule = {
  command: 'recover',
  adapter: recoverAdapter,
  checker: recoverChecker,
  shape: { fields: ['manifest', 'shards'], requires: [['manifest']], distinctive: ['manifest'], prior: 0.9 },
  worksheet: {
    objective: 'Give back the data protect split into shards, from its manifest and any k intact shards (null for a lost one); rebuild the lost and corrupted shards.',
  },
  examples: Object.freeze([
    example({
      id: 'recover-two-bad-disks',
      command: 'recover',
      title: 'A file back after one disk died and another returned damaged bytes',
      story: 'The manifest and shards are those of the protect example (4 data + 2 parity shards). Shard 1 is lost (null) and shard 4 comes back corrupted: its SHA-256 no longer matches the manifest, so it counts as lost too. Two lost of two parity: the data comes back, and both shards are rebuilt to store again.',
      // The contract's example (libs/contracts/src/commands/recover.valid.json): the protect example's shards.
      problem: REGISTRY.recover.example,
      query: { effort: 'flash', seed: 0 },
      expected: { field: 'repaired.length', value: 2, certainty: CERTAINTY.operationExact },
    }),
  ]),
};
