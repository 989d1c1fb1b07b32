import { BaseSequencer } from 'vitest/node';

export class LongestFirstSequencer extends BaseSequencer {}
