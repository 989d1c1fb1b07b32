import { describeInputFuzz } from './input-fuzz';

// The input fuzz's shard 1 of 2 (input-fuzz.ts): every other operation of the OpenAPI document.
describeInputFuzz(0, 2);
