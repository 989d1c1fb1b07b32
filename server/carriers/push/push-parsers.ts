import { parseDelhiveryPush } from '../delhivery/scan-push';
import { parseShadowfaxPush } from '../shadowfax/scan-push';
import { parseGenericPush } from './generic-push';
import type { PushParser } from './push-parser';

// Which push shape each courier sends: its own where it is known, else Dakiya's generic shape.
// A courier whose push format is written adds one line here.

const PUSH_PARSERS: Readonly<Record<string, PushParser>> = {
  DE: parseDelhiveryPush,
  DEHW: parseDelhiveryPush,
  DEMW: parseDelhiveryPush,
  SF: parseShadowfaxPush,
};

export const pushParserOf = (carrierCode: string): PushParser => PUSH_PARSERS[carrierCode] ?? parseGenericPush;
