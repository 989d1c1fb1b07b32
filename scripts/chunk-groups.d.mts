import type { CodeSplittingGroup } from 'rolldown';

export function chunkGroups(): CodeSplittingGroup[];
