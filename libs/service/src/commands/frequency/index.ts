import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { frequencyAdapter } from './adapter';
import { frequencyChecker } from './check-answer';

/** A pump's vibration read by a sensor with three decimals: 1.61 Hz (0.20125 of the 8 Hz rate), amplitude 1.5, offset 0.1, 64 samples. */
const PUMP = Array.from({ length: 64 }, (_, i) => Math.round((1.5 * Math.cos(2 * Math.PI * 0.20125 * i + 0.4) + 0.1) * 1e3) / 1e3);

/** frequency: everything the service knows about the command (registered in commands/index.ts). */
export const frequencyCommand: CommandModule = {
  command: 'frequency',
  adapter: frequencyAdapter,
  checker: frequencyChecker,
  shape: { fields: ['signal', 'sample_rate', 'top', 'window'], requires: [['signal']], distinctive: ['signal', 'sample_rate'], prior: 0.9 },
  worksheet: {
    objective: 'Find the frequency f (Hz) whose real tone A·cos(2π·f·t + φ) plus an offset fits the samples best in least squares: the dominant frequency, refined between DFT bins.',
    template: { tag: TAG, description: 'Find the dominant frequency of a vibration sensor sampled at 100 Hz.', signal: [0, 0.95, 0.59, -0.59, -0.95, 0, 0.95, 0.59, -0.59, -0.95], sample_rate: 100 },
  },
  examples: Object.freeze([
    example({
      id: 'frequency-pump-vibration',
      command: 'frequency',
      title: 'The vibration frequency of a pump',
      story: 'Sixty-four accelerometer samples at 8 Hz, read to three decimals, hold a 1.61 Hz vibration of amplitude 1.5 over an offset. The DFT bins are 0.125 Hz apart; the answer is refined between them to the least-squares frequency, and the certainty text states its tolerance, measured on the samples (the three-decimal rounding is their only noise; at 1.61 Hz it does not repeat within the record, so it is noise, not a tone).',
      problem: { tag: TAG, description: 'Find the dominant vibration frequency of a pump from 64 accelerometer samples taken at 8 Hz.', n: 64, signal: PUMP, sample_rate: 8 },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'answer', value: 1.61, tolerance: 1e-4, certainty: 'operation (numeric, tolerance 6.9e-6)' },
    }),
  ]),
};
