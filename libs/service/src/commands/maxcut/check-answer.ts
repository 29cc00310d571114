import type { MaxcutInput } from '@svc/contracts';
import type { AnswerChecker } from '../command-module';
import { binaryChecker } from '../shared/binary-checker';
import { rescoreMaxcut, type MaxcutTerms } from './rescore';

/** maxcut: a 0/1 side per vertex, cut value maximised. */
export const maxcutChecker: AnswerChecker = binaryChecker({ objectiveField: 'cut_value', minimise: false, rescore: (v, x) => rescoreMaxcut({ ...(v.input as MaxcutInput), n: v.n } as MaxcutTerms, x) });
