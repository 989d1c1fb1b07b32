import { describeInputFuzz } from './input-fuzz';

// The input fuzz's shard 2 of 2 (input-fuzz.ts): every other operation of the OpenAPI document.
describeInputFuzz(1, 2);
